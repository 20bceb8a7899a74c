#!/bin/sh
# A rummykit bot in plain POSIX shell (protocol rummykit-bot 1): it answers
# every "move" message with the first of its "legal" moves. The legal list is
# the message's last key, so the text after the last '"legal":["' begins with
# the first legal move. Run it:
#   rummykit simulate gin --games 10 --bots "cmd:sh examples/bots/first_legal.sh,greedy"
while IFS= read -r line; do
  case "$line" in
    *'"type":"move"'*)
      rest=${line##*\"legal\":[\"}
      printf '%s\n' "${rest%%\"*}"
      ;;
    *'"type":"quit"'*)
      exit 0
      ;;
  esac
done
