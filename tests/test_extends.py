"""``extends``: merging a house rule over its base.

DESIGN.md: "``variant``: ... TOML loading with ``extends`` (deep merge over a
base variant, cycles refused)". The loader's contract (``rummykit.loading``):
tables merge key by key, scalars and arrays replace, a component table whose
``kind`` changes replaces the base's table whole, a base path is relative to
the file that names it (and must lie in its folder, or below it, or in a
folder the caller allows with ``extends_dirs``), and a file that sets no
``[variant] name`` is named after its file. A table of numbers by player count
merges by player count (issue 15: "Overriding ``deal.hand_size`` for one player
count in a house rule fails validation ... the docs say tables merge key by
key"); ``replace = ["deal.hand_size"]`` takes a table whole instead.

The fixture chain ``tests/data/extends_chain/`` is
``grandparent.toml <- parent.toml <- house/child.toml``; child's base lies
above its folder, so the tests allow the chain's folder explicitly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rummykit as rk
from rummykit import Rank
from rummykit.rules import EndHand, Reuse

CHAIN = Path(__file__).parent / "data" / "extends_chain"


def load_child() -> rk.Variant:
    return rk.load_variant(CHAIN / "house" / "child.toml", extends_dirs=[CHAIN])


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- the fixture chain


def test_chain_of_three_files() -> None:
    v = load_child()
    # from the grandparent, untouched by the others
    assert v.players.max == 4
    assert v.scoring.rummy_multiplier == 2
    assert v.title == "child"  # a house rule's title is its own (issue "For people"): its name
    assert v.info.description == "House rules on Grandparent rummy."
    # from the parent
    assert v.ranking.ace is rk.rules.Ace.EITHER
    assert v.game_end.target == 250
    # from the child
    assert isinstance(v.stock, EndHand)
    assert v.deal.hand_size.get(3) == 6


def test_chain_tables_merge_across_levels() -> None:
    """card_values: QS and JK from the grandparent, A from the parent."""
    v = load_child()
    assert dict(v.scoring.card_values) == {"QS": 50, "JK": 25, "A": 15}


def test_chain_arrays_replace() -> None:
    v = rk.load_variant(CHAIN / "parent.toml")
    assert v.info.sources == ("a house rule",)
    assert v.deck.wild_ranks == (Rank.KING,)


def test_chain_changed_kind_replaces_the_table() -> None:
    """The grandparent's reuse options (shuffle, max_reuses) are not merged into "end"."""
    assert rk.load_variant(CHAIN / "parent.toml").stock == Reuse(shuffle=True, max_reuses=3)
    assert load_child().stock == EndHand()


def test_chain_by_players_table_covering_every_count() -> None:
    """{"2-4" = 6} covers every base entry ({2 = 10, "3-4" = 7}): nothing of the base is left."""
    v = load_child()
    assert v.deal.hand_size.to_toml() == {"2-4": 6}


def test_child_outside_the_base_folder_is_refused_without_permission() -> None:
    problems = rk.validate_file(CHAIN / "house" / "child.toml")
    assert [str(p) for p in problems] == [
        'extends: "../parent.toml": a base file must be in the folder of the file that names it, or below it'
    ]


def test_chain_base_is_relative_to_the_file_not_the_cwd(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    assert rk.validate_file(CHAIN / "house" / "child.toml", extends_dirs=[CHAIN]) == []


def test_chain_names() -> None:
    assert rk.load_variant(CHAIN / "grandparent.toml").name == "grandparent"
    assert rk.load_variant(CHAIN / "parent.toml").name == "parent"
    # child.toml sets no name: it is named after its file, not after its base
    assert load_child().name == "child"


# --------------------------------------------------------------------------- merge rules, one by one


def test_tables_merge(tmp_path: Path) -> None:
    house = write(tmp_path, "house.toml", 'extends = "straight"\n[melds]\nrun_min = 4\n')
    base = rk.load_variant("straight")
    v = rk.load_variant(house)
    assert v.melds.run_min == 4
    assert v.melds.set_min == base.melds.set_min and v.melds.set_max == base.melds.set_max
    # every other table is the base's
    assert v.deal == base.deal and v.scoring == base.scoring and v.ranking == base.ranking


def test_scalars_replace(tmp_path: Path) -> None:
    house = write(tmp_path, "house.toml", 'extends = "straight"\n[game_end]\ntarget = 500\n')
    assert rk.load_variant(house).game_end.target == 500


def test_arrays_replace_not_append(tmp_path: Path) -> None:
    base = write(tmp_path, "base.toml", '[deck]\njokers_per_deck = 1\nwild_ranks = ["2", "3"]\n')
    house = write(tmp_path, "house.toml", 'extends = "base.toml"\n[deck]\nwild_ranks = ["K"]\n')
    assert rk.load_variant(base).deck.wild_ranks == (Rank.TWO, Rank.THREE)
    assert rk.load_variant(house).deck.wild_ranks == (Rank.KING,)


def test_changed_kind_replaces_the_table(tmp_path: Path) -> None:
    """straight's scoring has rummy_multiplier = 2; "penalty" has no such key, and it is not merged."""
    house = write(
        tmp_path,
        "house.toml",
        'extends = "straight"\n[scoring]\nkind = "penalty"\n[game_end]\nbest = "lowest"\n',
    )
    v = rk.load_variant(house)
    assert v.scoring == rk.rules.Penalty()


def test_same_kind_written_out_still_merges(tmp_path: Path) -> None:
    """Writing the base's kind again (even when the base left it at its default) is no change."""
    write(tmp_path, "base.toml", "[stock]\nshuffle = true\n")  # kind defaults to "reuse"
    house = write(tmp_path, "house.toml", 'extends = "base.toml"\n[stock]\nkind = "reuse"\nkeep_top = true\n')
    assert rk.load_variant(house).stock == Reuse(shuffle=True, keep_top=True)


def test_by_players_table_replaces(tmp_path: Path) -> None:
    house = write(
        tmp_path,
        "house.toml",
        'extends = "straight"\n[deal]\nhand_size = { 2 = 10, "3-6" = 7 }\n',
    )
    v = rk.load_variant(house)
    assert [v.deal.hand_size.get(n) for n in range(2, 7)] == [10, 7, 7, 7, 7]
    assert v.deal.upcard is True  # the rest of [deal] still merges


def test_by_players_one_count_overridden_keeps_the_others(tmp_path: Path) -> None:
    """Issue 15: overriding deal.hand_size for one player count must merge, not fail validation."""
    house = write(tmp_path, "house.toml", 'extends = "straight"\n[deal]\nhand_size = { 2 = 9 }\n')
    assert rk.validate_file(house) == []
    v = rk.load_variant(house)
    assert [v.deal.hand_size.get(n) for n in range(2, 7)] == [9, 7, 7, 6, 6]  # straight: 10, 7, 7, 6, 6


def test_by_players_override_cuts_a_base_range(tmp_path: Path) -> None:
    """straight's "3-4" = 7 is cut: 3 players get the house rule's 8, 4 players keep 7."""
    house = write(tmp_path, "house.toml", 'extends = "straight"\n[deal]\nhand_size = { 3 = 8 }\n')
    v = rk.load_variant(house)
    assert [v.deal.hand_size.get(n) for n in range(2, 7)] == [10, 8, 7, 6, 6]
    assert v.deal.hand_size.to_toml() == {"2": 10, "3": 8, "4": 7, "5-6": 6}


def test_by_players_over_a_plain_integer(tmp_path: Path) -> None:
    base = write(tmp_path, "base.toml", "[deal]\nhand_size = 7\n")
    house = write(tmp_path, "house.toml", 'extends = "base.toml"\n[deal]\nhand_size = { 2 = 10 }\n')
    v = rk.load_variant(house)
    assert rk.load_variant(base).deal.hand_size.get(2) == 7
    assert [v.deal.hand_size.get(n) for n in range(2, 7)] == [10, 7, 7, 7, 7]


def test_by_players_plain_integer_replaces_a_table(tmp_path: Path) -> None:
    house = write(tmp_path, "house.toml", 'extends = "straight"\n[deal]\nhand_size = 6\n')
    assert rk.load_variant(house).deal.hand_size.to_toml() == 6


def test_every_number_by_player_count_covers_every_count(tmp_path: Path) -> None:
    """A house rule that seats more players must give every number by player count for them (a
    draw of no known size would fail in play)."""
    house = write(
        tmp_path,
        "six.toml",
        'extends = "canasta"\n[players]\nmax = 6\nmore_teams = [[[0, 3], [1, 4], [2, 5]]]\n'
        "[deck]\ndecks = 3\n[deal]\nhand_size = 13\n",
    )
    assert [str(p) for p in rk.validate_file(house)] == [
        "draw.stock_cards: nothing given for 5 or 6 players",
        "going_out.canastas: nothing given for 5 or 6 players",
    ]


def test_replace_takes_a_table_whole(tmp_path: Path) -> None:
    """replace = [...] opts out of the merge: the house rule's table is the whole table."""
    house = write(
        tmp_path,
        "house.toml",
        'extends = "straight"\nreplace = ["deal.hand_size"]\n[deal]\nhand_size = { 2 = 9 }\n',
    )
    assert [str(p) for p in rk.validate_file(house)] == [
        "deal.hand_size: no hand size given for 3, 4, 5 or 6 players"
    ]
    ok = write(
        tmp_path,
        "ok.toml",
        'extends = "straight"\nreplace = ["deal.hand_size"]\n[players]\nmax = 2\n[deal]\nhand_size = { 2 = 9 }\n',
    )
    v = rk.load_variant(ok)
    assert v.deal.hand_size.to_toml() == {"2": 9}
    assert v.deal.upcard is True  # the rest of [deal] still merges


def test_replace_card_values_whole(tmp_path: Path) -> None:
    base = write(tmp_path, "base.toml", "[scoring.card_values]\nQS = 50\nA = 15\n")
    merged = write(tmp_path, "m.toml", 'extends = "base.toml"\n[scoring.card_values]\nJK = 25\n')
    whole = write(
        tmp_path,
        "w.toml",
        'extends = "base.toml"\nreplace = ["scoring.card_values"]\n[scoring.card_values]\nJK = 25\n',
    )
    assert rk.load_variant(base).scoring.card_values == {"QS": 50, "A": 15}
    assert rk.load_variant(merged).scoring.card_values == {"QS": 50, "A": 15, "JK": 25}
    assert rk.load_variant(whole).scoring.card_values == {"JK": 25}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('replace = ["deal"]\n', "replace: only a file with extends has a base to replace"),
        (
            'extends = "straight"\nreplace = "deal"\n',
            'replace: expected an array of key paths like ["deal.hand_size"], got "deal"',
        ),
        (
            'extends = "straight"\nreplace = ["deal.hand_size"]\n',
            'replace[0]: "deal.hand_size" is not a table or key set in this file',
        ),
        (
            'extends = "straight"\nreplace = ["extends"]\n',
            'replace[0]: "extends" is not a table or key set in this file',
        ),
    ],
)
def test_replace_mistakes(text: str, expected: str) -> None:
    assert [str(p) for p in rk.validate_text(text)] == [expected]


def test_base_need_not_be_valid_alone(tmp_path: Path) -> None:
    """Checks run on the merged variant: a base may leave a conflict for the house rule to settle."""
    base = write(tmp_path, "base.toml", '[scoring]\nkind = "knock"\n')
    house = write(
        tmp_path,
        "house.toml",
        'extends = "base.toml"\n'
        '[going_out]\nkind = "knock"\n'
        '[meld_timing]\nkind = "in-hand"\n'
        '[layoff]\nkind = "after-knock"\n',
    )
    assert rk.validate_file(base)  # knock scoring without knocking
    assert rk.validate_file(house) == []


def test_relative_base_in_another_folder(tmp_path: Path) -> None:
    write(tmp_path, "rules/base.toml", '[variant]\nname = "base"\n[game_end]\ntarget = 321\n')
    house = write(tmp_path, "houses/ours.toml", 'extends = "../rules/base.toml"\n')
    assert rk.load_variant(house, extends_dirs=[tmp_path / "rules"]).game_end.target == 321
    assert rk.load_variant(house, extends_dirs=[str(tmp_path)]).game_end.target == 321
    with pytest.raises(rk.VariantError, match="must be in the folder"):
        rk.load_variant(house)


def test_relative_base_from_text_uses_folder(tmp_path: Path) -> None:
    write(tmp_path, "base.toml", "[game_end]\ntarget = 77\n")
    text = 'extends = "base.toml"\n'
    assert rk.loads_variant(text, folder=tmp_path).game_end.target == 77
    assert rk.validate_text(text, folder=tmp_path / "elsewhere") != []


@pytest.mark.parametrize(
    ("filename", "name"),
    [("house.toml", "house"), ("our_house.toml", "our-house"), ("Kitchen Rules.toml", "kitchen-rules")],
)
def test_name_defaults_to_the_file_stem(tmp_path: Path, filename: str, name: str) -> None:
    house = write(tmp_path, filename, 'extends = "straight"\n[variant]\ntitle = "Ours"\n')
    v = rk.load_variant(house)
    assert v.name == name
    assert v.title == "Ours"


def test_name_from_text_defaults_to_custom() -> None:
    assert rk.loads_variant('extends = "straight"').name == "custom"
    assert rk.loads_variant('extends = "straight"\n[variant]\nname = "ours"').name == "ours"


def test_done_when_six_line_house_rule(tmp_path: Path) -> None:
    """DESIGN.md's house-rule example, as written there, loads over straight."""
    house = write(
        tmp_path,
        "kitchen.toml",
        'extends = "straight"\n'
        "[variant]\n"
        'name = "our-kitchen"\n'
        'title = "Straight rummy, our kitchen rules"\n'
        "[ranking]\n"
        'ace = "either"\n'
        "[scoring.card_values]\n"
        "A = 15\n",
    )
    v = rk.load_variant(house)
    base = rk.load_variant("straight")
    assert (v.name, v.title) == ("our-kitchen", "Straight rummy, our kitchen rules")
    assert v.ranking.ace is rk.rules.Ace.EITHER
    assert v.scoring.card_value(rk.parse_card("AS")) == 15
    assert v.scoring.card_value(rk.parse_card("KS")) == 10
    assert v.deal == base.deal and v.melds == base.melds


def test_resolved_variant_dumps_without_extends(tmp_path: Path) -> None:
    """to_toml writes the merged ruleset in full; it loads back equal, with no base needed."""
    v = load_child()
    text = v.to_toml()
    assert "extends" not in text
    assert rk.loads_variant(text, folder=tmp_path) == v


def test_extends_builtin_by_name_from_a_file_anywhere(tmp_path: Path) -> None:
    house = write(tmp_path, "deep/down/house.toml", 'extends = "straight"\n')
    assert rk.load_variant(house).deal == rk.load_variant("straight").deal
