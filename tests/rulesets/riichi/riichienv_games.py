"""Games riichienv plays and writes as MJAI, kept as test records
(tests/rulesets/riichi/data/records/riichienv-*.mjai.json).

    .venv/bin/python -m tests.rulesets.riichi.riichienv_games 4 1 out.json [tenhou|mjsoul]

Four (`4`) or three (`3`) players, a hanchan, seeded; each seat wins when it
can, declares riichi when it can, discards a tile that keeps its shanten
lowest and calls a third of the times it may. The file holds the MJAI
events (`env.mjai_log`), riichienv's final scores and how it was played.
riichienv 0.4.11 does not play the same game twice from one seed, so the
games kept are the record, not this script's output.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import riichienv  # type: ignore[import-not-found]


def _choose(observation: Any, rng: random.Random) -> Any:
    legal = observation.legal_actions()
    names = [str(action.action_type).upper() for action in legal]
    for want in ("TSUMO", "RON", "RIICHI"):
        for action, name in zip(legal, names, strict=True):
            if want in name and "PASS" not in name:
                return action
    discards = [action for action, name in zip(legal, names, strict=True) if "DISCARD" in name]
    if discards:
        scored = []
        for action in discards:
            rest = list(observation.hand)
            rest.remove(action.tile)
            scored.append((riichienv.calculate_shanten(rest), action))
        best = min(score for score, _ in scored)
        return rng.choice([action for score, action in scored if score == best])
    calls = [action for action, name in zip(legal, names, strict=True) if "PASS" not in name]
    passes = [action for action, name in zip(legal, names, strict=True) if "PASS" in name]
    if calls and rng.random() < 0.35:
        return rng.choice(calls)
    return passes[0] if passes else rng.choice(legal)


def main(players: str, seed: int, out: str, rule_name: str = "tenhou") -> None:
    game_type = {"4": riichienv.GameType.YON_HANCHAN, "3": riichienv.GameType.SAN_HANCHAN}[players]
    rule = riichienv.GameRule.default_tenhou() if rule_name == "tenhou" else riichienv.GameRule.default_mjsoul()
    rng = random.Random(seed)
    env = riichienv.RiichiEnv(game_mode=game_type, rule=rule, seed=seed)
    observations = env.reset()
    for _ in range(20_000):
        if env.done():
            break
        observations = env.step({seat: _choose(observation, rng) for seat, observation in observations.items()})
    log = env.mjai_log() if callable(env.mjai_log) else env.mjai_log
    scores = env.scores() if callable(env.scores) else env.scores
    source = f"riichienv 0.4.11 RiichiEnv(game_mode={game_type}, rule=default_{rule_name}, seed={seed})"
    events = [json.loads(event) if isinstance(event, str) else event for event in log]
    with open(out, "w") as file:
        json.dump({"source": source, "mjai": events, "scores": list(scores)}, file)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], *sys.argv[4:5])
