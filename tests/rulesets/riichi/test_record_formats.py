"""`POST /v1/riichi/game-records` with `format` `mjlog` and `mjai`: real
public records replayed end to end, the same game in every format giving the
same answer, and bad records refused with what is wrong.

Records (tests/rulesets/riichi/data/records/; docs/sources.md):

- tsubakisakura/mjlog2json, `data/<ref>.xml` and `data/<ref>.json` at commit
  7fcd331 (the data was removed in 1e796da): Tenhou ranked games as Tenhou's
  mjlog XML beside their tenhou.net/6 export, four players —
  2019103023gm-00a9-0000-f90e0fe9 (鳳南喰赤, seven hands, nine terminals,
  a bust), 2019081518gm-00a9-0000-cce9d00c (sixteen hands),
  2023053016gm-0029-0000-e54b3b98 (特南喰赤, twelve hands).
- dnovikoff/tenhou, `log/test_data/{sanma2,pao,bye,example}.xml` at commit
  bd21981: a three-player hanchan (三鳳南喰赤, norths set aside), a pao
  yakuman, a player who leaves (`BYE`), an east game without red fives
  (GO type 41: 四特東喰).
- mjx-project/mjx, `tests_cpp/resources/mjlog/<name>.mjlog` at commit
  fcdac0ea (here `mjx-<name>.mjlog.xml`): Tenhou games ending in a double
  ron, four winds, a pao tsumo, four kongs, nagashi mangan, four riichi,
  three rons, nine terminals, and a robbed kong with ippatsu; some stop
  after the hand they show (no `owari`).
- riichienv 0.4.11 (riichienv_games.py beside this file): games it played and wrote as
  MJAI under `GameRule.default_tenhou()` and `default_mjsoul()`, four and
  three players, with its own final scores.

Every expected number is the record's own: each hand's deltas (`sc` of
`AGARI`/`RYUUKYOKU`, MJAI `deltas`), each hand's honba and starting scores
(`INIT` `seed` and `ten`, `start_kyoku` `honba` and `scores`), and the final
scores (`owari`, riichienv's `env.scores()`).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

URL = "/v1/riichi/game-records"
DATA = Path(__file__).parent / "data" / "records"
SEATS = ("east", "south", "west", "north")
PAIRS = ("2019103023gm-00a9-0000-f90e0fe9", "2019081518gm-00a9-0000-cce9d00c", "2023053016gm-0029-0000-e54b3b98")
MJX = (
    "double-ron",
    "encdec-four-winds-no-winner",
    "pao-tsumo",
    "upd-aft-kan4",
    "upd-aft-nm",
    "upd-aft-reach4",
    "upd-aft-ron3",
    "upd-aft-draw-kyuusyu-kyuusyu",
)
MJLOGS = (
    *(f"{ref}.mjlog.xml" for ref in PAIRS),
    *(f"dnovikoff-{name}.mjlog.xml" for name in ("sanma2", "pao", "bye", "example")),
    *(f"mjx-{name}.mjlog.xml" for name in MJX),
)
RIICHIENV_GAMES = (
    ("riichienv-g4_1.mjai.json", "tenhou"),
    ("riichienv-g3_2.mjai.json", "tenhou"),
    ("riichienv-g3ms_7.mjai.json", "mahjong_soul"),
)


def post(client: Any, body: dict[str, Any]) -> Any:
    return client.post(URL, content=json.dumps(body), headers={"content-type": "application/json"})


def replay(client: Any, format: str, record: Any) -> dict[str, Any]:
    response = post(client, {"format": format, "record": record})
    assert response.status_code == 200, response.text
    return response.json()


def _numbers(element: ET.Element, name: str) -> list[int]:
    return [int(float(part)) for part in element.attrib[name].split(",")]


def _scores(values: list[int], players: int) -> dict[str, int]:
    return dict(zip(SEATS[:players], values, strict=False))


def mjlog_facts(text: str) -> tuple[int, list[tuple[int, list[int]]], list[int] | None]:
    """Players, each hand's (honba, starting scores), and the final scores
    (None when the document stops before the game's end), as it states them."""
    root = ET.fromstring(text)
    players = 3 if int(root.find("GO").attrib["type"]) & 0x10 else 4  # type: ignore[union-attr]
    hands = [(_numbers(e, "seed")[1], [100 * v for v in _numbers(e, "ten")[:players]]) for e in root if e.tag == "INIT"]
    owari = next((_numbers(e, "owari") for e in root if "owari" in e.attrib), None)
    return players, hands, None if owari is None else [100 * owari[2 * seat] for seat in range(players)]


@pytest.mark.parametrize("name", MJLOGS)
def test_public_mjlog_replays_as_recorded(client: Any, name: str) -> None:
    """Every hand pays what the record paid, starts with the record's honba
    and scores, and the game ends with the record's final scores."""
    text = (DATA / name).read_text()
    players, hands, final = mjlog_facts(text)
    answer = replay(client, "mjlog", text)
    assert answer["mismatches"] == 0
    assert [hand["matches"] for hand in answer["hands"]] == [True] * len(hands)
    assert [hand["honba"] for hand in answer["hands"]] == [honba for honba, _ in hands]
    starts = [_scores(scores, players) for _, scores in hands]
    assert [hand["scores"] for hand in answer["hands"][:-1]] == starts[1:]
    if final is not None:
        assert answer["scores"] == _scores(final, players)


def test_the_three_player_mjlog_is_read_as_three_players(client: Any) -> None:
    """sanma2: GO type 185 = 0xB9 (0x10 three players, 0x08 hanchan, 鳳凰);
    a north set aside is `N` m 31008 = 0x7920 (0x20, tile 121: north)."""
    answer = replay(client, "mjlog", (DATA / "dnovikoff-sanma2.mjlog.xml").read_text())
    assert set(answer["scores"]) == {"east", "south", "west"}
    assert answer["scores"] == {"east": 27400, "south": 83100, "west": -5500}  # owari 274, 831, -55
    first = answer["hands"][0]["settlement"]["winners"][0]  # AGARI who=1 after N who=1 m=30752 (0x7820: a north)
    assert first["winner"] == "south"
    assert {"code": "nuki_dora", "han": 1}.items() <= next(i for i in first["yaku_items"] if i["code"] == "nuki_dora").items()


@pytest.mark.parametrize("ref", PAIRS)
def test_the_same_game_answers_the_same_in_every_format(client: Any, ref: str) -> None:
    """The mjlog document and Tenhou's tenhou.net/6 export of the same game
    (mjlog2json keeps both), and the game as MJAI events (each mjlog tag as
    its MJAI event, :func:`mjai_of`), give one answer."""
    text = (DATA / f"{ref}.mjlog.xml").read_text()
    tenhou6 = json.loads((DATA / f"{ref}.tenhou6.json").read_text())
    from_mjlog = replay(client, "mjlog", text)
    assert replay(client, "tenhou6", tenhou6) == from_mjlog
    assert from_mjlog["mismatches"] == 0
    # MJAI states no rules: preset `tenhou` is its default, and the answer
    # echoes it with the rules it resolved to, as an mjlog sent with it does
    from_mjai = replay(client, "mjai", mjai_of(text))
    assert from_mjai["preset"] == "tenhou"
    assert post(client, {"format": "mjlog", "record": text, "preset": "tenhou"}).json() == from_mjai
    # the mjlog read under its own rules pays every hand alike; the preset's
    # rules echoed in each hand's settlement say more (`triple_ron`, …)
    echoed = {"preset", "rules", "game"}
    assert {k: v for k, v in from_mjai.items() if k not in echoed | {"hands"}} == {
        k: v for k, v in from_mjlog.items() if k not in echoed | {"hands"}
    }
    assert [_paid(hand) for hand in from_mjai["hands"]] == [_paid(hand) for hand in from_mjlog["hands"]]


def _paid(hand: dict[str, Any]) -> dict[str, Any]:
    """A recorded hand's answer without the rules and yaku options its
    settlement echoes (a preset echoes more of them: `kokushi_ankan_chankan`)."""
    echoed = {"rules", "yaku_options"}
    settlement = {k: v for k, v in (hand.get("settlement") or {}).items() if k not in echoed}
    if "winners" in settlement:
        settlement["winners"] = [{k: v for k, v in winner.items() if k not in echoed} for winner in settlement["winners"]]
    draw = {k: v for k, v in (hand.get("draw") or {}).items() if k != "rules"}
    return {**hand, "settlement": settlement, "draw": draw}


@pytest.mark.parametrize(("name", "preset"), RIICHIENV_GAMES)
def test_riichienv_games_replay_to_its_scores(client: Any, name: str, preset: str) -> None:
    """Games riichienv played under Tenhou's or Mahjong Soul's rules (the
    preset of the same name): every hand pays what its events say, starts
    where its `start_kyoku` says, and the game ends at riichienv's own final
    scores."""
    game = json.loads((DATA / name).read_text())
    events = game["mjai"]
    starts = [event for event in events if event["type"] == "start_kyoku"]
    players = len(starts[0]["scores"])
    response = post(client, {"format": "mjai", "record": events, "preset": preset})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["mismatches"] == 0
    assert [hand["honba"] for hand in answer["hands"]] == [event["honba"] for event in starts]
    assert [hand["scores"] for hand in answer["hands"][:-1]] == [_scores(event["scores"], players) for event in starts[1:]]
    assert answer["scores"] == _scores(game["scores"], players)


def test_a_wait_on_a_tile_the_hand_holds_all_four_of_is_not_tenpai(client: Any) -> None:
    """riichienv-g4ms_8 (Mahjong Soul's rules), the seventh hand (index 6),
    an exhaustive draw: south has called a pung of west, a chow of 789p and
    a pung of 3s, and holds three souths and the fourth 3s: its only wait is
    3s, of which it holds all four (純カラ). Tenhou counts no such wait (the service's rule): south is
    noten, and east and south pay 1,500 each to west and north. riichienv
    counts south tenpai (east alone pays 3,000): the one hand that differs."""
    game = json.loads((DATA / "riichienv-g4ms_8.mjai.json").read_text())
    answer = post(client, {"format": "mjai", "record": game["mjai"], "preset": "mahjong_soul"}).json()
    assert [index for index, hand in enumerate(answer["hands"]) if not hand["matches"]] == [6]
    draw = answer["hands"][6]
    assert draw["recorded_deltas"] == {"east": -3000, "south": 1000, "west": 1000, "north": 1000}
    assert draw["draw"]["deltas"] == {"east": -1500, "south": -1500, "west": 1500, "north": 1500}


def test_an_mjai_log_as_large_as_a_long_hanchan_is_read(client: Any) -> None:
    """riichienv-g4_1: fifteen hands, 2,150 events, 125 KB as a body: above
    the 64 KiB bound of other bodies, inside the records' 1 MiB."""
    events = json.loads((DATA / "riichienv-g4_1.mjai.json").read_text())["mjai"]
    body = json.dumps({"format": "mjai", "record": events})
    assert 64 * 1024 < len(body) < 1024 * 1024
    assert post(client, {"format": "mjai", "record": events}).status_code == 200
    over = json.dumps({"format": "mjai", "record": [{"type": "none", "pad": "x" * (1024 * 1024)}]})
    response = client.post(URL, content=over, headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_mjai_without_deltas_reads_them_from_the_scores(client: Any) -> None:
    """Deltas left out: each hand's are the next `start_kyoku`'s scores less
    its own, a riichi stick laid given back (the record's deltas leave it out)."""
    events = json.loads((DATA / "riichienv-g4_1.mjai.json").read_text())["mjai"]
    bare = [{k: v for k, v in event.items() if k != "deltas"} for event in events[: _last_start(events)]]
    with_deltas = replay(client, "mjai", events[: _last_start(events)])
    answer = replay(client, "mjai", bare)
    assert [h["recorded_deltas"] for h in answer["hands"][:-1]] == [h["recorded_deltas"] for h in with_deltas["hands"][:-1]]
    assert answer["mismatches"] == 1  # the last hand: no scores follow it


def _last_start(events: list[dict[str, Any]]) -> int:
    return max(at for at, event in enumerate(events) if event["type"] == "start_kyoku")


def test_the_go_type_states_the_rules(client: Any) -> None:
    """dnovikoff example: GO type 41 = 0x29 (0x01, 0x08 hanchan, 0x20 特上;
    0x02 clear: red fives). Without 0x08 the same game is an east game: it
    ends after east 4."""
    text = (DATA / "dnovikoff-example.mjlog.xml").read_text()
    hanchan = replay(client, "mjlog", text)
    assert hanchan["finished"] is True
    east = post(client, {"format": "mjlog", "record": text.replace('type="41"', 'type="33"')})
    assert east.status_code == 422  # its south hands come after the east game ended
    assert "/record/" in east.json()["errors"][0]["pointer"]


BAD_MJLOG = [
    ("not xml at all", "not XML"),
    ('<?xml version="1.0"?><game/>', "not an mjlog document"),
    ('<!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><mjloggm>&b;</mjloggm>', "document type"),
    ('<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><mjloggm>&x;</mjloggm>', "document type"),
    ('<mjloggm ver="2.3"><GO type="169"/><HELLO/></mjloggm>', "not a tag"),
    ('<mjloggm ver="2.3"><T12/></mjloggm>', "before the first hand"),
]


@pytest.mark.parametrize(("record", "says"), BAD_MJLOG)
def test_a_record_that_is_not_mjlog_is_a_400_naming_why(client: Any, record: str, says: str) -> None:
    response = post(client, {"format": "mjlog", "record": record})
    assert response.status_code == 400, response.text
    assert says in response.json()["errors"][0]["detail"]


def test_a_bad_meld_code_is_a_400_naming_it(client: Any) -> None:
    """A chow's pattern (m >> 10) // 3 is at most 20 (7 starts × 3 suits):
    0xFC04 is pattern 21."""
    text = (DATA / "2019103023gm-00a9-0000-f90e0fe9.mjlog.xml").read_text()
    first = re.search(r'<N who="(\d)" m="(\d+)" />', text)
    assert first is not None
    bad = text.replace(first.group(0), f'<N who="{first.group(1)}" m="{0xFC04}" />', 1)
    response = post(client, {"format": "mjlog", "record": bad})
    assert response.status_code == 400
    assert f"`{0xFC04}` is not a meld code" in response.json()["errors"][0]["detail"]


def test_an_impossible_step_is_a_422_naming_the_tag(client: Any) -> None:
    """The dealer's first discard changed to a tile nobody holds twice over:
    the 422 points at that tag (counted inside `<mjloggm>` from 0)."""
    text = (DATA / "2019103023gm-00a9-0000-f90e0fe9.mjlog.xml").read_text()
    root = ET.fromstring(text)
    at = next(i for i, e in enumerate(root) if re.fullmatch(r"D\d+", e.tag))
    held = {int(n) for n in root[next(i for i, e in enumerate(root) if e.tag == "INIT")].attrib["hai0"].split(",")}
    drawn = {int(e.tag[1:]) for e in root[:at] if re.fullmatch(r"T\d+", e.tag)}
    stranger = next(n for n in range(136) if n // 4 not in {h // 4 for h in held | drawn})
    children = list(root)
    children[at] = ET.Element(f"D{stranger}")
    bad = "<mjloggm>" + "".join(ET.tostring(e, encoding="unicode") for e in children) + "</mjloggm>"
    response = post(client, {"format": "mjlog", "record": bad})
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0]["pointer"] == f"#/record/{at}"


BAD_MJAI = [
    ([{"type": "start_game"}, {"type": "teleport"}], 400, "not an MJAI event type"),
    (["tsumo"], 400, "Expected `object`"),
    ([{"type": "tsumo", "actor": 0, "pai": "1m"}], 400, "before the first hand"),
    ([{"type": "start_game"}], 400, "no hand"),
]


@pytest.mark.parametrize(("record", "status", "says"), BAD_MJAI)
def test_a_record_that_is_not_mjai_is_refused_naming_why(client: Any, record: list[Any], status: int, says: str) -> None:
    response = post(client, {"format": "mjai", "record": record})
    assert response.status_code == status, response.text
    assert says in response.json()["errors"][0]["detail"]


def test_a_bad_mjai_tile_is_a_400_at_its_event(client: Any) -> None:
    events = json.loads((DATA / "riichienv-g3_2.mjai.json").read_text())["mjai"]
    at = next(i for i, e in enumerate(events) if e["type"] == "dahai")
    events[at] = {**events[at], "pai": "0z"}
    response = post(client, {"format": "mjai", "record": events})
    assert response.status_code == 400
    assert response.json()["errors"][0]["pointer"] == f"#/record/{at}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_records_are_never_a_5xx(client: Any, data: st.DataObject) -> None:
    """A real record with one tag or event changed, dropped or doubled is
    answered (200, 400 or 422), never a server error."""
    text = (DATA / "dnovikoff-sanma2.mjlog.xml").read_text()
    tags = re.findall(r"<[^>]+>", text)
    at = data.draw(st.integers(0, len(tags) - 1))
    how = data.draw(st.sampled_from(["drop", "double", "digits"]))
    digit = data.draw(st.sampled_from("0123456789"))
    changed = {"drop": "", "double": tags[at] * 2, "digits": re.sub(r"\d", digit, tags[at], count=2)}[how]
    mutated = text.replace(tags[at], changed, 1)
    assert post(client, {"format": "mjlog", "record": mutated}).status_code in (200, 400, 422)
    events = json.loads((DATA / "riichienv-g3_2.mjai.json").read_text())["mjai"][:200]
    index = data.draw(st.integers(0, len(events) - 1))
    field = data.draw(st.sampled_from(["pai", "actor", "target", "type", "consumed", "tehais", "scores", "deltas"]))
    value = data.draw(st.sampled_from([None, -1, 4, "5mr", "?", [], ["1m"] * 14, "kakan", 10**30]))
    events[index] = {**events[index], field: value}
    assert post(client, {"format": "mjai", "record": events}).status_code in (200, 400, 422)


# The same game as MJAI: each mjlog tag as the MJAI event it is (MJAI's
# documented fields; the meld code as Tenhou's mjlog format documents it).

MJAI_HONOURS = ["E", "S", "W", "N", "P", "F", "C"]
MJAI_REASONS = {
    "": "exhaustive_draw",
    "nm": "nagashimangan",
    "yao9": "kyushukyuhai",
    "kaze4": "suufonrenda",
    "reach4": "suuchariichi",
    "kan4": "suukaikan",
    "ron3": "sanchaho",
}


def mjai_tile(number: int, red: bool = True) -> str:
    kind = number // 4
    if kind >= 27:
        return MJAI_HONOURS[kind - 27]
    name = f"{kind % 9 + 1}{'mps'[kind // 9]}"
    return name + "r" if red and number in (16, 52, 88) else name


def meld_event(who: int, m: int, giver: int) -> dict[str, Any]:
    if m & 0x4:
        pattern, called = divmod(m >> 10, 3)
        base = (pattern // 7) * 9 + pattern % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        pai = tiles.pop(called)
        return {"type": "chi", "actor": who, "target": giver, "pai": mjai_tile(pai), "consumed": [mjai_tile(t) for t in tiles]}
    if m & 0x18:
        pattern, called = divmod(m >> 9, 3)
        unused = pattern * 4 + ((m >> 5) & 3)
        tiles = [pattern * 4 + i for i in range(4) if pattern * 4 + i != unused]
        if m & 0x10:
            return {"type": "kakan", "actor": who, "pai": mjai_tile(unused), "consumed": [mjai_tile(t) for t in tiles]}
        pai = tiles.pop(called)
        return {"type": "pon", "actor": who, "target": giver, "pai": mjai_tile(pai), "consumed": [mjai_tile(t) for t in tiles]}
    if m & 0x20:
        return {"type": "nukidora", "actor": who, "pai": "N"}
    called = m >> 8
    tiles = [called // 4 * 4 + i for i in range(4)]
    if m & 3 == 0:
        return {"type": "ankan", "actor": who, "consumed": [mjai_tile(t) for t in tiles]}
    tiles.remove(called)
    return {"type": "daiminkan", "actor": who, "target": giver, "pai": mjai_tile(called), "consumed": [mjai_tile(t) for t in tiles]}


def mjai_of(text: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [{"type": "start_game"}]
    giver = 0
    for element in ET.fromstring(text):
        tag, attrib = element.tag, element.attrib
        if tag == "INIT":
            seed, ten = _numbers(element, "seed"), _numbers(element, "ten")
            hands = [[mjai_tile(int(n)) for n in attrib[f"hai{seat}"].split(",")] for seat in range(4)]
            wind, kyoku = divmod(seed[0], 4)
            start = {"type": "start_kyoku", "bakaze": "ESWN"[wind], "kyoku": kyoku + 1, "honba": seed[1], "kyotaku": seed[2]}
            events.append(
                {**start, "oya": int(attrib["oya"]), "scores": [100 * v for v in ten], "tehais": hands, "dora_marker": mjai_tile(seed[5])}
            )
        elif re.fullmatch(r"[TUVW]\d+", tag):
            events.append({"type": "tsumo", "actor": "TUVW".index(tag[0]), "pai": mjai_tile(int(tag[1:]))})
        elif re.fullmatch(r"[DEFG]\d+", tag):
            giver = "DEFG".index(tag[0])
            events.append({"type": "dahai", "actor": giver, "pai": mjai_tile(int(tag[1:]))})
        elif tag == "N":
            events.append(meld_event(int(attrib["who"]), int(attrib["m"]), giver))
        elif tag == "REACH":
            kind = "reach" if attrib["step"] == "1" else "reach_accepted"
            events.append({"type": kind, "actor": int(attrib["who"])})
        elif tag == "DORA":
            events.append({"type": "dora", "dora_marker": mjai_tile(int(attrib["hai"]))})
        elif tag in ("AGARI", "RYUUKYOKU"):
            deltas = [100 * v for v in _numbers(element, "sc")[1::2]]
            if tag == "AGARI":
                ura = [mjai_tile(int(n)) for n in attrib.get("doraHaiUra", "").split(",") if n]
                events.append(
                    {"type": "hora", "actor": int(attrib["who"]), "target": int(attrib["fromWho"]), "deltas": deltas, "ura_markers": ura}
                )
            else:
                reason = MJAI_REASONS[attrib.get("type", "")]
                events.append({"type": "ryukyoku", "reason": reason, "deltas": deltas})
    return events


def test_confusing_nakis_2_names_a_winner_whose_tiles_do_not_win(client: Any) -> None:
    """Equim-chan/mjai-reviewer, convlog/tests/testdata/confusing_nakis_2.json
    (added in 73e29ea "convlog: fix multi-level backtrack"; here at commit
    2dc5ec5). A hand written to test the calls a player lets pass: east lets
    south's first 6z (green) and 5z (white) pass and pungs the second of
    each; south pungs 1p, 2p, 3p; the calls play.

    Its result line is `["和了",[-3200,0,3200,0],[1,0,0]]`: tenhou.net/6's
    agari array is [who, fromWho, paoWho, points, yaku…], so player 1
    (south) won on player 0's (east's) tile — mjai-reviewer's own converter
    reads it so (`HoraDetail { who, target }` from the first two numbers)
    and its test only checks that the log converts. The play ends on east's
    discard `17` (7m). South holds `[29,"21p2121",29,"2222p22",43,"23p2323"]`
    taken and `[46,46,45,45,60,29]` let go: 7899p and three pungs, waiting
    on 6p/9p — no win on 7m. West holds 1234567m 555s 777z after `"r18"`
    (riichi), waiting on 1m/4m/7m: the deltas pay it, not south. The record
    contradicts itself (it is no Tenhou export: no rule line, no names, no
    points or yaku, a paoWho that is not the winner, and a riichi winner
    whose deltas leave out its own stick), so the answer is a 422 at the
    result line saying whose tiles win."""
    record = json.loads((DATA / "mjai-reviewer-confusing_nakis_2.tenhou6.json").read_text())
    assert record["log"][0][16] == ["和了", [-3200, 0, 3200, 0], [1, 0, 0]]
    response = post(client, {"format": "tenhou6", "record": record})
    assert response.status_code == 422
    problem = response.json()["errors"][0]
    assert problem["pointer"] == "#/record/log/0/16"
    assert problem["code"] == "winner_tiles_do_not_win"
    assert problem["detail"] == (
        "The result names player 1 the winner on `7m`, but player 1's tiles `7899p [111p] [222p] [333p]` "
        "do not win on it; player 2's `1234567m555s777z` do."
    )


def test_confusing_nakis_2_with_west_named_the_winner_plays_to_its_ron(client: Any) -> None:
    """The same hand with the winner named as the deltas name it (who 2,
    paoWho 2). West's ron on 7m: riichi 1 + chun 1 = 2 han; fu 20 + 10
    (closed ron) + 4 (555s concealed) + 8 (777z concealed) + 2 (single wait:
    123m 456m 77m) = 44 → 50; 50 × 2^(2+2) × 4 = 3,200 from east. West's
    riichi stick stood (east's pung of the declaring 8m let it pass), and the
    winner takes it back: +4,200. The record's +3,200 leaves the stick out,
    where a Tenhou export counts it (mjai-reviewer's confusing_nakis_7: a
    riichi ron of 2,600 paid `[-2600, 3600, 0, 0]`): the hand differs."""
    record = json.loads((DATA / "mjai-reviewer-confusing_nakis_2.tenhou6.json").read_text())
    record["log"][0][16][2] = [2, 0, 2]
    hand = replay(client, "tenhou6", record)["hands"][0]
    winner = hand["settlement"]["winners"][0]
    assert winner["winner"] == "west"
    assert (winner["han"], winner["fu"]) == (2, 50)
    assert {item["code"] for item in winner["yaku_items"] if item["han"]} == {"riichi", "chun"}
    assert hand["riichi_sticks"] == 1
    assert hand["settlement"]["deltas"] == {"east": -3200, "south": 0, "west": 4200, "north": 0}
    assert hand["recorded_deltas"] == {"east": -3200, "south": 0, "west": 3200, "north": 0}
    assert hand["matches"] is False


def test_a_self_draw_claimed_after_a_call_is_a_422_not_a_server_error(client: Any) -> None:
    """confusing_nakis_2 with east's last discard (`17`, after its pung of
    8m) cut off and the result made east's self-draw: east's last step is a
    call, so it holds no drawn tile to have won on — a 422 at the result."""
    record = json.loads((DATA / "mjai-reviewer-confusing_nakis_2.tenhou6.json").read_text())
    assert record["log"][0][6][-1] == 17
    record["log"][0][6] = record["log"][0][6][:-1]
    record["log"][0][16] = ["和了", [3000, -1000, -1000, -1000], [0, 0, 0]]
    response = post(client, {"format": "tenhou6", "record": record})
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0]["code"] == "self_draw_after_call"
    assert response.json()["errors"][0]["pointer"] == "#/record/log/0/16"


def test_a_robbed_kong_leaves_ippatsu_standing(client: Any) -> None:
    """mjx-project/mjx, tests_cpp/resources/mjlog/encdec-chankan-ippatsu.mjlog
    at commit fcdac0ea (here mjx-encdec-chankan-ippatsu.mjlog.xml): in the
    second hand east robs north's added kong within its riichi's first turn.
    Tenhou's `AGARI` says `yaku="1,1,2,1,3,1,7,1,54,2,53,0"`: riichi, ippatsu,
    chankan, pinfu, two red fives — 6 han, a haneman (`ten="30,12000,2"`):
    north pays 12,000 and east takes its stick back, `sc` +130 / −120. The
    kong never stood, so it did not end the ippatsu turn."""
    text = (DATA / "mjx-encdec-chankan-ippatsu.mjlog.xml").read_text()
    answer = replay(client, "mjlog", text)
    assert answer["mismatches"] == 0
    hand = answer["hands"][1]
    assert hand["recorded_deltas"] == {"east": 13000, "south": 0, "west": 0, "north": -12000}
    winner = hand["settlement"]["winners"][0]
    assert {item["code"] for item in winner["yaku_items"]} >= {"riichi", "ippatsu", "chankan", "pinfu"}
    assert winner["han"] == 6
