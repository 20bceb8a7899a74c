"""Canasta's "May I go out?" (``going_out.permission = "may-ask"``), from its
sources (labels of docs/sources.md):

[S109] "Before going out, a player has the option of asking his partner's
permission. If permission is asked, the player must abide by the response
(which must be a simple yes or no answer)."
[S86] "After picking up your card from the stock, and before you put down
your hand to go out, you can, if you want, ask your partner, "May I go
out?" You have to abide by your partner's decision ... if your partner
gives you permission to go out and you can't, that costs you 100 points."
A copy of the Hoyle-style text: "You may ask permission to go out only once
in each hand."

Seat 0 starts (the dealer is seat 3); partners are seats 0 and 2, 1 and 3.
Seat 0 holds seven sevens (a canasta) and three kings: drawing the fourth king
it can go out concealed (meld the kings and the sevens, discard 9S); drawing
4D it cannot.
"""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from rummykit import llm
from rummykit.bots import GreedyBot
from rummykit.engine import out_line
from rummykit.engine.actions import NO, YES, kinds_in

V = rk.load_variant("canasta")
OUT = "meld KC KD KH KS + 7C 7C 7D 7D 7H 7H 7S"
_OTHERS = [
    "4C 4D 5S 6S 8C 9C TC JD QS AH AS",
    "4H 4S 5D 6C 8D 9D TD JH QH AC AD",
    "5H 6H 8H 9S TS JS QC TH AS 4C 5C",
]


def _hand(draws: str = "KS", seat0: str = "7C 7D 7H 7S 7C 7D 7H KC KD KH 9S", v: rk.Variant = V) -> rk.Hand:
    """Seat 0 has drawn ``draws``."""
    h = rk.new_hand(
        v, players=4, dealer=3, hands=[seat0, *_OTHERS], discard="QD", stock=f"{draws} 8C 9C TC JC QC"
    )
    h.apply("draw")
    return h


def _asked(draws: str = "KS") -> rk.Hand:
    h = _hand(draws)
    h.apply("ask")
    return h


def test_the_variant_file_turns_the_option_on() -> None:
    going = V.going_out
    assert going.asks_permission() and going.asks_per_hand() == 1
    scoring = V.scoring
    assert isinstance(scoring, rk.rules.CanastaScoring)
    assert scoring.permission_penalty == 100  # [S86] "that costs you 100 points"
    assert {"ask", "yes", "no"} <= {k.words[0] for k in kinds_in(V)}


def test_asked_after_drawing_and_answered_by_the_partner_out_of_turn() -> None:
    """[S86] "After picking up your card from the stock ... ask your partner"; [S109] "a simple
    yes or no answer": the partner (seat 2) answers out of turn, then seat 0 plays on."""
    h = rk.new_hand(
        V, players=4, dealer=3, hands=["7C 7D 7H 7S 7C 7D 7H KC KD KH 9S", *_OTHERS], stock="KS 8C"
    )
    assert "ask" not in map(str, h.legal_actions())
    with pytest.raises(rk.IllegalAction) as exc:
        h.apply("ask")
    assert exc.value.rule == "draw"
    h.apply("draw")
    assert rk.parse_action("ask") in h.legal_actions()
    h.apply("ask")
    assert (h.phase, h.current_player, h.permission) == (rk.Phase.ANSWER, 2, "asked")
    assert h.legal_actions() == (YES, NO)
    with pytest.raises(rk.IllegalAction) as exc:
        h.apply(OUT)
    assert exc.value.rule == "going_out.permission"
    h.apply("yes")
    assert (h.phase, h.current_player, h.permission) == (rk.Phase.PLAY, 0, "yes")
    assert all(h.view(s).permission == "yes" for s in range(4))  # said aloud: public


def test_a_no_binds_the_player_may_not_go_out_this_turn() -> None:
    """[S109] "the player must abide by the response": after a no, no play that goes out is legal
    (not the melds that leave one card to discard), and the turn ends with a discard that keeps cards."""
    h = _asked()
    h.apply("no")
    legal = set(map(str, h.legal_actions()))
    assert OUT not in legal and "discard 9S" in legal
    with pytest.raises(rk.IllegalAction, match="said no") as exc:
        h.apply(OUT)
    assert exc.value.rule == "going_out.permission"
    assert all(len(h.hand_of(0)) - len(a.cards()) >= 2 or a.word == "discard" for a in h.legal_actions())
    h.apply("discard 9S")
    assert not h.is_over and h.current_player == 1 and h.permission is None
    assert not any(why == "permission" for _, why, _ in h.penalties)


def test_a_yes_binds_the_player_must_go_out() -> None:
    """[S86] "You have to abide by your partner's decision": after a yes a player who can go out
    must: a discard that keeps cards is refused; going out is the way on."""
    h = _asked()
    h.apply("yes")
    assert not any(a.word == "discard" for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="said yes") as exc:
        h.apply("discard 9S")
    assert exc.value.rule == "going_out.permission"
    h.apply(OUT)
    h.apply("discard 9S")
    assert h.is_over and h.went_out == 0 and not h.penalties


def test_told_yes_and_unable_to_go_out_costs_100() -> None:
    """[S86] "if your partner gives you permission to go out and you can't, that costs you 100
    points": drawing 4D seat 0 cannot go out; told yes, it discards and its side pays 100."""
    h = _asked("4D")
    h.apply("yes")
    assert out_line(h) is None
    h.apply("discard 9S")
    assert h.penalties == ((0, "permission", None),)
    assert h.current_player == 1 and h.permission is None
    e = rk.Ending(
        went_out=1, hands=["4D KC KD KH", "", "JK", ""], melds=[[], ["8C 8D 8H 8S 8C 8D 8H"], [], []]
    )
    plain = rk.settle(V, e)
    charged = rk.settle(V, attrs.evolve(e, penalties=((0, "permission", None),)))
    assert charged.team_scores[0] == plain.team_scores[0] - 100
    assert charged.team_scores[1] == plain.team_scores[1]


def test_asked_once_in_a_hand_and_once_a_turn() -> None:
    """The copy of the Hoyle-style text: "You may ask permission to go out only once in each hand."
    Option: going_out.asks = 0 lets a player ask on every turn (once a turn)."""
    h = _asked("4D")
    h.apply("no")
    assert h.asked == (1, 0, 0, 0)
    with pytest.raises(rk.IllegalAction) as exc:
        h.apply("ask")
    assert exc.value.rule == "going_out.permission"  # asked this turn already
    h.apply("discard 9S")
    for _ in range(3):  # seats 1, 2 and 3 draw and discard
        h.apply("draw")
        h.apply(next(a for a in h.legal_actions() if a.word == "discard"))
    h.apply("draw")
    with pytest.raises(rk.IllegalAction) as exc:
        h.apply("ask")
    assert exc.value.rule == "going_out.asks"
    every = rk.loads_variant('extends = "canasta"\n[variant]\nname = "ask-often"\n[going_out]\nasks = 0')
    h = _hand("4D", v=every)
    h.apply("ask")
    h.apply("no")
    h.apply("discard 9S")
    for _ in range(3):
        h.apply("draw")
        h.apply(next(a for a in h.legal_actions() if a.word == "discard"))
    h.apply("draw")
    assert h.is_legal("ask")


@pytest.mark.parametrize("players", [2, 3])
def test_no_asking_without_a_partner(players: int) -> None:
    """[S80, S83] two and three players play each for themselves: there is no partner to ask."""
    h = rk.new_hand(V, players=players, seed=1)
    h.apply("draw")
    assert not any(a.word == "ask" for a in h.legal_actions())
    with pytest.raises(rk.IllegalAction, match="no partner") as exc:
        h.apply("ask")
    assert exc.value.rule == "going_out.permission"


@pytest.mark.parametrize("name", ["straight", "tongits", "gin"])
def test_no_asking_in_variants_without_the_option(name: str) -> None:
    v = rk.load_variant(name)
    h = rk.new_hand(v, players=v.players.min, seed=1)
    assert not any(k.words[0] in ("ask", "yes", "no") for k in kinds_in(v))
    for text in ("ask", "yes", "no"):
        assert not h.is_legal(text)
    with pytest.raises(rk.IllegalAction):
        h.apply("yes")


def test_a_variant_without_the_option_refuses_asking() -> None:
    off = rk.loads_variant(
        'extends = "canasta"\n[variant]\nname = "no-ask"\n[going_out]\npermission = "none"'
    )
    h = rk.new_hand(
        off, players=4, dealer=3, hands=["7C 7D 7H 7S 7C 7D 7H KC KD KH 9S", *_OTHERS], stock="KS 8C"
    )
    h.apply("draw")
    with pytest.raises(rk.IllegalAction, match="nobody asks") as exc:
        h.apply("ask")
    assert exc.value.rule == "going_out.permission"
    with pytest.raises(rk.VariantError, match="permission"):
        rk.loads_variant('extends = "canasta"\n[variant]\nname = "x"\n[going_out]\npermission = "maybe"')


def _dealt_and_asked() -> rk.Hand:
    """A shuffled deal (its position holds every card): seat 1 draws and asks seat 3."""
    h = rk.new_hand(V, players=4, seed=3)
    h.apply("draw")
    h.apply("ask")
    return h


@pytest.mark.parametrize("answer", ["asked", "yes", "no"])
def test_positions_hold_the_question_and_the_answer(answer: str) -> None:
    h = _dealt_and_asked()
    if answer != "asked":
        h.apply(answer)
    text = rk.position(h)
    assert f"permission {answer}" in text and "asked 0 1 0 0" in text
    again = rk.from_position(V, text)
    assert rk.position(again) == text and again.legal_actions() == h.legal_actions()
    assert f"permission {answer}" in rk.position(h, seat=1)  # public


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (("permission asked", "permission maybe"), "permission"),
        (("phase answer; to 3", "phase play; to 1"), "permission"),
        (("phase answer; to 3", "phase answer; to 2"), "to"),
        (("asked 0 1 0 0", "asked 0 0 0 0"), "asked"),
        (("asked 0 1 0 0", "asked 0 1 0 2"), "asked"),
    ],
)
def test_positions_the_rules_cannot_reach_are_refused(change: tuple[str, str], key: str) -> None:
    text = rk.position(_dealt_and_asked())
    assert change[0] in text
    with pytest.raises(rk.PositionError, match=f"^position: {key}:"):
        rk.from_position(V, text.replace(*change))
    gin_like = rk.loads_variant(
        'extends = "canasta"\n[variant]\nname = "quiet"\n[going_out]\npermission = "none"'
    )
    with pytest.raises(rk.PositionError, match="nobody asks"):
        rk.from_position(gin_like, text.replace("variant canasta", "variant quiet"))


def test_records_replay_and_seat_records_show_the_exchange() -> None:
    h = _asked("4D")
    h.apply("yes")
    h.apply("discard 9S")
    again = rk.replay(h.record())
    assert rk.position(again) == rk.position(h) and again.penalties == h.penalties
    seen = h.record(seat=1)
    assert "ask" in str(seen) and "yes" in str(seen)


def test_the_question_and_the_answer_survive_resampling() -> None:
    """The answer is public: every seat's determinization keeps it, and the asker's plays."""
    h = _asked()
    h.apply("yes")
    for seat in range(4):
        r = h.resample(seat, seed=3)
        assert r.view(seat) == h.view(seat) and r.permission == "yes"
    assert h.resample(0, seed=3).legal_actions() == h.legal_actions()


def test_llm_moves_and_prompts() -> None:
    h = _hand()
    assert llm.parse(h, "I will ask my partner.") == rk.parse_action("ask")
    h.apply("ask")
    text = llm.prompt(h, rules="none")
    assert 'Your partner asks "May I go out?"' in text and "- yes\n- no" in text
    assert llm.parse(h, "Move: yes") == YES and llm.parse(h, "I answer no") == NO
    gin = rk.new_hand(rk.load_variant("gin"), players=2, seed=1)
    assert str(llm.parse(gin, "No, I will pass on it.")) == "pass"  # "no" in prose is no move


def test_the_greedy_bot_asks_only_when_it_can_go_out_and_answers_from_its_own_hand() -> None:
    """The greedy bot asks only when it can go out this turn; asked, it says yes unless its own hand
    counts more than going out scores (100): it never sees its partner's hand."""
    bot = GreedyBot(V, seed=1)
    h = _hand("4D")
    assert bot.choose(h.view(0)).word != "ask"  # it cannot go out: no question
    light = "4H 4S 5D 6C 6D 5H 6H 8S 7S 4D 5C"  # count 60
    heavy = "JK JK AH AD AC AD KH QS JS TS 9C"  # count 230
    for partner, answer in ((light, YES), (heavy, NO)):
        h = rk.new_hand(
            V, players=4, dealer=3, stock="KS 8C",
            hands=["7C 7D 7H 7S 7C 7D 7H KC KD KH 9S", _OTHERS[0], partner, _OTHERS[2]],
        )  # fmt: skip
        h.apply("draw")
        assert str(bot.choose(h.view(0))) == "ask"
        h.apply("ask")
        assert bot.choose(h.view(2)) == answer
    h.apply("yes")  # told yes (the heavy partner's bot would not): the bot goes out
    while not h.is_over:
        h.apply(bot.choose(h.view(0)))
    assert h.went_out == 0 and not h.penalties


def test_greedy_games_ask_only_when_out_is_possible() -> None:
    bots = [GreedyBot(V, seed=s) for s in range(4)]
    asked = 0
    for seed in range(3):
        h = rk.new_hand(V, players=4, seed=seed)
        while not h.is_over:
            p = h.current_player
            assert p is not None
            a = bots[p].choose(h.view(p))
            if a.word == "ask":
                asked += 1
                assert out_line(h) is not None
            h.apply(a)
        assert not h.penalties
    assert asked


def test_the_aec_env_gives_the_turn_to_the_partner_who_answers() -> None:
    np = pytest.importorskip("numpy")
    from rummykit.rl import aec_env

    env = aec_env("canasta", 4)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for agent in env.agent_iter(20_000):
        h = env.driver.the_hand
        if h.permission == "asked":
            asker = next(s for s in range(4) if h.asked[s] and s != h.current_player)
            assert agent == f"player_{h.current_player}" and h.current_player == (asker + 2) % 4
            break
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert obs is not None
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    else:
        pytest.fail("nobody asked")


def test_the_play_screen_asks_and_answers() -> None:
    """Hot-seat partners (seats 0 and 2, seed 1): seat 2 draws and asks; seat 0 is shown the
    question and the two answers, out of turn; seat 2 is then told the binding answer."""
    from play_helpers import play

    session, out = play(
        "canasta", ["", "draw", "ask", "", "yes", "", "quit"], humans=[0, 2], players=4, seed=1
    )
    assert 'seat 2 (human) asks the partner: "May I go out?"' in out
    question = out[out.index("your partner, asks: May I go out?") :]
    assert "Your move (answer phase):" in question and "1) yes    2) no" in question
    assert "Your partner said yes: you must go out this turn" in question
    h = session.hand
    assert h is not None and h.permission == "yes" and h.current_player == 2


def test_asking_without_any_partnership_is_warned_about() -> None:
    solo = rk.loads_variant('extends = "canasta"\n[variant]\nname = "solo"\n[players]\nteams = []')
    from rummykit.checks import check_warnings

    warnings = check_warnings(solo)
    assert [p.path for p in warnings] == ["going_out.permission"]
