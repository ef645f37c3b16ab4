"""Games played by riichienv (an independent riichi engine, Apache-2.0, pinned
as a test dependency) and read back from its MJAI log into this service's
requests: each win's tiles and flags for `POST /v1/riichi/settlements`, each
hand for `POST /v1/riichi/games`.

riichienv writes neither the winning tile nor the tenpai seats of a draw
(ENGINEERING-NOTES: `hora` carries no winning tile, `ryukyoku` no tenpai
list), and its own `MjaiReplay` misreads the flags, so the log is followed
here tile by tile: the winning tile is the winner's last draw or the tile
won on; riichi, double riichi, ippatsu, rinshan, robbing a kan, the last
tile and the first-turn wins come from the order of the events; the tenpai
seats of a draw from its deltas and whether the dealer deals again."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from riichienv import ActionType, GameRule, HandEvaluator, HandEvaluator3P, RiichiEnv, calculate_shanten, calculate_shanten_3p
from riichienv.game_mode import GameType
from riichienv.hand import Conditions

SEATS = ("east", "south", "west", "north")
HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
CALLS = ("chi", "pon", "daiminkan", "ankan", "kakan")
HONOUR_IDS = 108
"""The first honour's id among the 136 tiles."""
LIVE_DRAWS = {4: 70, 3: 55}
"""Draws before the wall is exhausted: 136 − 14 (dead wall) − 52 dealt; three
players 108 − 14 − 39. A replacement draw takes a tile off the live wall's end."""


def notation(pai: str) -> str:
    """An MJAI tile (`5mr` red, `E` … `C`) in this service's notation (`0m`, `1z` … `7z`)."""
    if pai in HONOURS:
        return HONOURS[pai]
    return ("0" if pai.endswith("r") else pai[0]) + pai[1]


def kind(pai: str) -> str:
    """The tile without its red mark."""
    return pai[:2] if pai.endswith("r") else pai


# --- Play -----------------------------------------------------------------------------------


def choose(rng: random.Random, obs: Any, three: bool) -> Any:
    """A simple deterministic player: win whenever it can, set every north
    aside, declare riichi, call every honour pung and other calls now and
    then, else discard a tile that keeps the hand nearest to ready (ties
    broken by ``rng``)."""
    actions = obs.legal_actions()
    for wanted in (ActionType.TSUMO, ActionType.RON, ActionType.KITA, ActionType.RIICHI):
        for action in actions:
            if action.action_type == wanted:
                return action
    calls = (ActionType.ANKAN, ActionType.KAKAN, ActionType.PON, ActionType.DAIMINKAN, ActionType.CHI)
    for action in actions:
        honour = action.action_type == ActionType.PON and action.tile >= HONOUR_IDS  # dragons and winds: towards 包牌
        if action.action_type in calls and (honour or rng.random() < 0.15):
            return action
    discards = [action for action in actions if action.action_type == ActionType.DISCARD]
    if not discards:
        return next((action for action in actions if action.action_type == ActionType.PASS), actions[0])
    shanten = calculate_shanten_3p if three else calculate_shanten
    hand = list(obs.hand)
    scored = []
    for action in discards:
        rest = list(hand)
        rest.remove(action.tile)
        scored.append((shanten(rest), action))
    best = min(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score == best])


def play(seed: int, players: int, platform: str) -> tuple[list[dict[str, Any]], list[int]]:
    """A hanchan riichienv plays with ``seed`` under ``platform``'s rules
    (`tenhou` or `mahjong_soul`): its MJAI log and final scores."""
    game_type = GameType.YON_HANCHAN if players == 4 else GameType.SAN_HANCHAN
    rule = GameRule.default_tenhou() if platform == "tenhou" else GameRule.default_mjsoul()
    env = RiichiEnv(game_mode=int(game_type), seed=seed, rule=rule)
    rng = random.Random(seed)
    observations = env.reset()
    while not env.done():
        observations = env.step({seat: choose(rng, obs, players == 3) for seat, obs in observations.items()})
    return [json.loads(json.dumps(event)) for event in env.mjai_log], list(env.scores())[:players]


# --- Reading the log ------------------------------------------------------------------------


@dataclass
class Win:
    """One win as the log shows it, with what the service and riichienv's
    hand evaluator need."""

    seat: int
    discarder: int | None  # None: a self-draw
    deltas: list[int]
    concealed: list[str]  # MJAI tiles in hand, the winning tile included
    win_tile: str
    melds: list[tuple[str, list[str], bool]]  # (chow | pung | kong, MJAI tiles, concealed)
    liable: int | None  # 包牌: who gave the third dragon set or the fourth wind set
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    after_kong: bool
    robbing_kong: bool
    last_tile: bool
    robbed_concealed: bool  # the kan robbed was concealed (暗槓: kokushi musou only)
    blessing: bool
    nukidora: int
    dora: list[str]
    ura: list[str]


@dataclass
class Hand:
    """One hand of the game: its opening and how it ended."""

    round_wind: int
    dealer: int
    honba: int
    sticks: int  # on the table before the hand
    scores: list[int]
    riichi: list[int] = field(default_factory=list)  # seats whose riichi was accepted in the hand
    wins: list[Win] = field(default_factory=list)
    draw_deltas: list[int] | None = None
    draw_reason: str = ""


@dataclass
class _State:
    hands: list[list[str]]
    melds: list[list[tuple[str, list[str], bool]]]
    given: list[list[int | None]]  # for each meld, the seat that gave its tile (None: concealed)
    kita: list[int]
    dora: list[str]
    draws: int = 0
    called: bool = False  # a call interrupted the first go-around
    discards: list[int] = field(default_factory=list)
    riichi: list[bool] = field(default_factory=list)
    double: list[bool] = field(default_factory=list)
    ippatsu: list[bool] = field(default_factory=list)
    replacement: bool = False  # the last draw was a replacement (after a kan or a north)
    last: dict[str, Any] = field(default_factory=dict)  # the last discard, kakan or kita
    last_draw: str = ""


def read(log: list[dict[str, Any]], players: int) -> list[Hand]:
    """The log's hands, followed event by event."""
    hands: list[Hand] = []
    state: _State | None = None
    pending_kong = False
    for event in log:
        kind_ = event["type"]
        if kind_ == "start_kyoku":
            winds = "ESW"
            hands.append(
                Hand(winds.index(event["bakaze"]), event["oya"], event["honba"], event["kyotaku"], list(event["scores"])[:players])
            )
            tehais = [list(tiles) for tiles in event["tehais"][:players]]
            state = _State(
                hands=tehais,
                melds=[[] for _ in range(players)],
                given=[[] for _ in range(players)],
                kita=[0] * players,
                dora=[event["dora_marker"]],
                discards=[0] * players,
                riichi=[False] * players,
                double=[False] * players,
                ippatsu=[False] * players,
            )
            continue
        if state is None:
            continue
        hand = hands[-1]
        actor = event.get("actor")
        if kind_ == "tsumo":
            state.hands[actor].append(event["pai"])
            state.draws += 1
            state.replacement = pending_kong
            pending_kong = False
            state.last_draw = event["pai"]
        elif kind_ == "dahai":
            state.hands[actor].remove(event["pai"])
            if state.riichi[actor]:
                state.ippatsu[actor] = False  # the turn after the riichi discard is over
            state.discards[actor] += 1
            state.last = event
        elif kind_ == "reach_accepted":
            state.riichi[actor] = True
            state.ippatsu[actor] = True
            state.double[actor] = not state.called and state.discards[actor] == 1
            hand.riichi.append(actor)
        elif kind_ in CALLS:
            _call(state, event)
            state.called = True
            state.ippatsu = [False] * players
            state.last = event
            pending_kong = kind_ in ("daiminkan", "ankan", "kakan")
        elif kind_ == "kita":
            state.hands[actor].remove(event["pai"])
            state.kita[actor] += 1
            state.last = event
            # a north set aside ends ippatsu and the first turn as a kong does (docs/games.md's reading; riichienv agrees)
            state.called = True
            state.ippatsu = [False] * players
            pending_kong = True
        elif kind_ == "dora":
            state.dora.append(event["dora_marker"])
        elif kind_ == "hora":
            hand.wins.append(_win(state, event, players))
        elif kind_ == "ryukyoku":
            hand.draw_deltas = list(event["deltas"])[:players]
            hand.draw_reason = event.get("reason", "")
    return hands


def _call(state: _State, event: dict[str, Any]) -> None:
    actor, kind_ = event["actor"], event["type"]
    hand = state.hands[actor]
    if kind_ == "kakan":
        hand.remove(event["pai"])
        for index, (meld_kind, tiles, concealed) in enumerate(state.melds[actor]):
            if meld_kind == "pung" and kind(tiles[0]) == kind(event["pai"]):
                state.melds[actor][index] = ("kong", [*tiles, event["pai"]], concealed)
                return
        raise AssertionError(f"kakan without a pung: {event}")
    for tile in event["consumed"]:
        hand.remove(tile)
    if kind_ == "ankan":
        state.melds[actor].append(("kong", list(event["consumed"]), True))
        state.given[actor].append(None)
        return
    meld_kind = {"chi": "chow", "pon": "pung", "daiminkan": "kong"}[kind_]
    state.melds[actor].append((meld_kind, [*event["consumed"], event["pai"]], False))
    state.given[actor].append(event["target"])


def _liable(state: _State, seat: int) -> int | None:
    """包牌: the seat whose discard gave the winner's last dragon set of three,
    or last wind set of four, called open (Tenhou's rule, ENGINEERING-NOTES)."""
    for group, complete in (("PFC", 3), ("ESWN", 4)):
        givers = [
            given
            for (meld_kind, tiles, _), given in zip(state.melds[seat], state.given[seat], strict=True)
            if meld_kind != "chow" and tiles[0] in group
        ]
        if len(givers) == complete and givers[-1] is not None:
            return givers[-1]
    return None


def _win(state: _State, event: dict[str, Any], players: int) -> Win:
    seat, target = event["actor"], event["target"]
    tsumo = seat == target
    if tsumo:
        win_tile = state.last_draw
        concealed = list(state.hands[seat])
    else:
        win_tile = state.last["pai"]
        concealed = [*state.hands[seat], win_tile]
    last = state.last.get("type")
    exhausted = state.draws >= LIVE_DRAWS[players]
    return Win(
        seat=seat,
        discarder=None if tsumo else target,
        deltas=list(event["deltas"])[:players],
        concealed=concealed,
        win_tile=win_tile,
        melds=[(k, list(t), c) for k, t, c in state.melds[seat]],
        liable=_liable(state, seat),
        riichi=state.riichi[seat] and not state.double[seat],
        double_riichi=state.double[seat],
        ippatsu=state.ippatsu[seat],
        after_kong=tsumo and state.replacement,
        robbing_kong=not tsumo and last in ("kakan", "ankan"),
        robbed_concealed=not tsumo and last == "ankan",
        last_tile=exhausted and not (tsumo and state.replacement) and (tsumo or last == "dahai"),
        blessing=tsumo and not state.called and state.discards[seat] == 0,
        nukidora=state.kita[seat],
        dora=list(state.dora),
        ura=list(event.get("ura_markers", [])),
    )


# --- riichienv's own valuation of a win -------------------------------------------------------


def _ids(tiles: list[str], taken: set[int]) -> list[int]:
    """136-tile ids for MJAI tiles, each id used once (the red five is its kind's first id)."""
    ids = []
    for pai in tiles:
        base = _tid(kind(pai))
        candidates = [base] if pai.endswith("r") else [base + offset for offset in range(4) if not _red_id(base + offset)]
        chosen = next(tid for tid in candidates if tid not in taken)
        taken.add(chosen)
        ids.append(chosen)
    return ids


def _tid(pai: str) -> int:
    if pai in HONOURS:
        return 108 + 4 * "ESWNPFC".index(pai)
    return 36 * "mps".index(pai[1]) + 4 * (int(pai[0]) - 1)


def _red_id(tid: int) -> bool:
    return tid in (16, 52, 88)


def evaluate(win: Win, hand: Hand, players: int) -> Any:
    """riichienv's HandEvaluator on the win, as read from the log."""
    from riichienv import Meld, MeldType

    taken: set[int] = set()
    rest = list(win.concealed)
    rest.remove(win.win_tile)
    concealed = _ids(rest, taken)
    win_id = _ids([win.win_tile], taken)[0]
    melds = []
    for meld_kind, tiles, closed in win.melds:
        meld_type = {"chow": MeldType.Chi, "pung": MeldType.Pon}.get(meld_kind, MeldType.Ankan if closed else MeldType.Daiminkan)
        melds.append(Meld(meld_type, sorted(_ids(tiles, taken)), not closed))
    dora = _ids(win.dora, set(taken))
    ura = _ids(win.ura, set(taken) | set(dora))
    seat_wind = (win.seat - hand.dealer) % players
    conditions = Conditions(
        tsumo=win.discarder is None,
        riichi=win.riichi or win.double_riichi,
        double_riichi=win.double_riichi,
        ippatsu=win.ippatsu,
        haitei=win.last_tile and win.discarder is None,
        houtei=win.last_tile and win.discarder is not None,
        rinshan=win.after_kong,
        chankan=win.robbing_kong,
        tsumo_first_turn=win.blessing,
        player_wind=seat_wind,
        round_wind=hand.round_wind,
        kita_count=win.nukidora,
    )
    evaluator = (HandEvaluator if players == 4 else HandEvaluator3P)(sorted(concealed), melds)
    return evaluator.calc(win_id, dora, conditions, ura)


# --- The service's requests -----------------------------------------------------------------


def tiles_of(win: Win, hand: Hand) -> dict[str, Any]:
    """The win as a settlement's `tiles`."""
    body: dict[str, Any] = {
        "concealed": "".join(notation(pai) for pai in win.concealed),
        "win_tile": notation(win.win_tile),
        "round_wind": SEATS[hand.round_wind],
        "dora_indicators": "".join(notation(pai) for pai in win.dora),
    }
    if win.melds:
        body["melds"] = [
            {"kind": meld_kind, "tiles": "".join(notation(pai) for pai in tiles), **({"concealed": True} if closed else {})}
            for meld_kind, tiles, closed in win.melds
        ]
    if win.riichi or win.double_riichi:
        body["ura_dora_indicators"] = "".join(notation(pai) for pai in win.ura)
    flags = {
        "riichi": win.riichi,
        "double_riichi": win.double_riichi,
        "ippatsu": win.ippatsu,
        "after_kong": win.after_kong,
        "robbing_kong": win.robbing_kong,
        "last_tile": win.last_tile,
        "blessing": win.blessing,
    }
    body.update({name: True for name, value in flags.items() if value})
    if win.robbed_concealed:
        body["robbed_kong"] = "concealed"
    if win.nukidora:
        body["nukidora"] = win.nukidora
    return body


def ordered_wins(hand: Hand, players: int) -> list[Win]:
    """Several wins on one discard, the discarder's next seat first (Tenhou's
    上家取り: the first winner takes the honba and the sticks)."""
    wins = hand.wins
    if len(wins) < 2 or wins[0].discarder is None:
        return list(wins)
    discarder = wins[0].discarder
    return sorted(wins, key=lambda win: (win.seat - discarder) % players)


def win_fields(win: Win, hand: Hand) -> dict[str, Any]:
    body: dict[str, Any] = {"winner": SEATS[win.seat], "tiles": tiles_of(win, hand)}
    if win.liable is not None and win.liable != win.seat:
        body["liable"] = SEATS[win.liable]
    return body


def win_of(win: Win) -> dict[str, Any]:
    return {"type": "self_draw"} if win.discarder is None else {"type": "discard", "discarder": SEATS[win.discarder]}


def settlement(hand: Hand, platform: str, players: int) -> dict[str, Any]:
    """The hand's wins as one `POST /v1/riichi/settlements` body (several
    winners on one discard as `further_winners`)."""
    wins = ordered_wins(hand, players)
    first = wins[0]
    return {
        "preset": platform,
        **win_fields(first, hand),
        "win": win_of(first),
        "dealer": SEATS[hand.dealer],
        "players": players,
        "honba": hand.honba,
        "riichi_sticks": hand.sticks + len(hand.riichi),
        "further_winners": [win_fields(win, hand) for win in wins[1:]],
    }


def tenpai_of(hand: Hand, next_hand: Hand | None, players: int) -> list[str]:
    """A draw's tenpai seats: those it paid (the noten payments go to them);
    when nobody paid, all or none were tenpai: all when someone declared
    riichi (a riichi hand is ready) or the dealer deals again."""
    assert hand.draw_deltas is not None
    gained = [seat for seat in range(players) if hand.draw_deltas[seat] > 0]
    if gained:
        return [SEATS[seat] for seat in gained]
    dealer_kept = next_hand is not None and next_hand.dealer == hand.dealer
    return [SEATS[seat] for seat in range(players)] if dealer_kept or hand.riichi else []


def game_body(hands: list[Hand], platform: str, players: int) -> dict[str, Any]:
    """The whole game as one `POST /v1/riichi/games` body."""
    sent: list[dict[str, Any]] = []
    for index, hand in enumerate(hands):
        riichi = [SEATS[seat] for seat in hand.riichi]
        if hand.wins:
            wins = ordered_wins(hand, players)
            entry = {**win_fields(wins[0], hand), "win": win_of(wins[0])}
            if len(wins) > 1:
                entry["further_winners"] = [win_fields(win, hand) for win in wins[1:]]
        else:
            entry = {"type": "draw", "tenpai": tenpai_of(hand, hands[index + 1] if index + 1 < len(hands) else None, players)}
        if riichi:
            entry["riichi"] = riichi
        sent.append(entry)
    return {"preset": platform, "game": {"players": players, "length": "hanchan"}, "hands": sent}


# --- Comparing ------------------------------------------------------------------------------


@dataclass
class Tally:
    """What a run compared, and every disagreement by class."""

    games: int = 0
    hands: int = 0
    wins: int = 0
    draws: int = 0
    agree: dict[str, int] = field(default_factory=dict)
    disagree: dict[str, list[str]] = field(default_factory=dict)

    def ok(self, what: str) -> None:
        self.agree[what] = self.agree.get(what, 0) + 1

    def differ(self, kind_: str, detail: str) -> None:
        self.disagree.setdefault(kind_, []).append(detail)


def seat_deltas(answer: dict[str, Any], players: int) -> list[int]:
    """An answer's `deltas` as whole points in seat order (they are whole: every payment is in hundreds)."""
    return [int(answer["deltas"].get(SEATS[seat], 0)) for seat in range(players)]


def engine_deltas(hand: Hand, players: int) -> list[int]:
    """riichienv's deltas of the hand: its `hora` deltas added up (several
    winners), or its `ryukyoku` deltas; neither counts the riichi sticks put down."""
    if hand.wins:
        return [sum(win.deltas[seat] for win in hand.wins) for seat in range(players)]
    assert hand.draw_deltas is not None
    return list(hand.draw_deltas)


def compare(client: Any, seed: int, platform: str, players: int, tally: Tally) -> None:
    """Play one game and compare every hand and the final scores."""
    log, final = play(seed, players, platform)
    hands = read(log, players)
    tally.games += 1
    where = f"{platform} {players}p seed {seed}"
    expected: list[list[int]] = []  # each hand's deltas: riichienv's, or the adjudicated ones
    for number, hand in enumerate(hands):
        tally.hands += 1
        expected.append(engine_deltas(hand, players))
        if not hand.wins:
            tally.draws += 1
            continue
        tally.wins += len(hand.wins)
        expected[-1] = _compare_settlement(client, hand, players, platform, tally, f"{where} hand {number}")
    final = [
        points + sum(deltas[seat] - engine_deltas(hand, players)[seat] for deltas, hand in zip(expected, hands, strict=True))
        for seat, points in enumerate(final)
    ]
    response = client.post("/v1/riichi/games", json=game_body(hands, platform, players))
    if response.status_code != 200:
        tally.differ("game refused", f"{where}: {response.text[:300]}")
        return
    game = response.json()
    for number, (deltas, answered) in enumerate(zip(expected, game["hands"], strict=False)):
        part = answered["settlement"] or answered["draw"]
        if seat_deltas(part, players) == deltas:
            tally.ok("game hand deltas")
        else:
            tally.differ("game hand deltas", f"{where} hand {number}: {deltas} vs {seat_deltas(part, players)}")
    if len(game["hands"]) != len(hands) or not game["finished"]:
        tally.differ("game length", f"{where}: {len(hands)} hands played, {len(game['hands'])} settled, finished {game['finished']}")
    scores = [int(game["scores"][SEATS[seat]]) for seat in range(players)]
    standings = game["standings"]
    # riichienv hands the sticks left on the table at the end to first place in its scores; the
    # service keeps the table's scores and gives them to first place in the standings
    # (`riichi_sticks`, `sticks_to_first`: Tenhou's 供託は終局時トップ取り)
    if standings["sticks_to_first"]:
        scores[SEATS.index(standings["standings"][0]["seat"])] += 1000 * standings["riichi_sticks"]
    if scores == final:
        tally.ok("final scores")
    else:
        tally.differ("final scores", f"{where}: {final} vs {scores} ({game['end_reason']})")


def _compare_settlement(client: Any, hand: Hand, players: int, platform: str, tally: Tally, where: str) -> list[int]:
    """Settle the hand's wins; the deltas the game should then show (an
    adjudicated deviation: the service's)."""
    expected = engine_deltas(hand, players)
    response = client.post("/v1/riichi/settlements", json=settlement(hand, platform, players))
    if response.status_code != 200:
        tally.differ("settlement refused", f"{where}: {response.json().get('detail', '')[:200]}")
        return expected
    answer = response.json()
    got = seat_deltas(answer, players)
    if got == expected:
        tally.ok("settlement deltas")
    else:
        kind_ = deviation(hand, players, expected, got)
        tally.differ(kind_, f"{where}: {expected} vs {got}")
        if kind_.startswith("riichienv:"):
            expected = got
    for win, winner in zip(ordered_wins(hand, players), answer["winners"], strict=True):
        value = evaluate(win, hand, players)
        ours = (winner["han"], winner["fu"]) if not winner["yakuman"] else ("yakuman", None)
        theirs = (value.han, value.fu) if not value.yakuman else ("yakuman", None)
        if ours == theirs or (ours[0] == theirs[0] and isinstance(ours[0], int) and ours[0] >= 5):
            tally.ok("hand value")  # from 5 han the fu do not count
        else:
            tally.differ("hand value", f"{where}: riichienv {theirs} vs {ours}")
    return expected


def deviation(hand: Hand, players: int, expected: list[int], got: list[int]) -> str:
    """The class of a settlement disagreement: an adjudicated riichienv
    deviation when it is exactly that, else `settlement deltas`."""
    win = hand.wins[0]
    if players == 3 and len(hand.wins) == 1 and win.discarder is None and win.liable is not None:
        # 包牌 on a three-player tsumo: riichienv charges the liable seat what the two payers
        # together would have paid (the tsumo-loss total); the rule sources say the liable seat
        # pays as if it had discarded the winning tile (a ron's amount)
        liable = win.liable
        if expected[win.seat] == -expected[liable] and got[win.seat] == -got[liable] and expected[win.seat] != got[win.seat]:
            return "riichienv: three-player pao on a tsumo"
    return "settlement deltas"
