"""Recorded riichi games (docs/games.md, "Recorded games"): the readers of
each format a record comes in and the replay that plays what they read.

- :mod:`.endpoint`: `POST /v1/riichi/game-records`, its request and answer;
  :mod:`.wire`: its body read from the wire, the record before the rules.
- :mod:`.formats`: picks the reader by the request's `format`.
- :mod:`.tenhou6`: the tenhou.net/6 JSON log, read hand by hand.
- :mod:`.mjlog`: Tenhou's mjlog XML; :mod:`.mjai`: MJAI events; both read
  whole into :mod:`.events`, the one form the replay plays.
- :mod:`.replay`: one hand played from its steps.
"""
