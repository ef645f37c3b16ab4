"""When a riichi game ends besides its length and a bust: agari-yame and
the extension round (Tenhou's rules, and the riichi scoring article's
地方變異: 25000入30000返 … 30000入30000返（無西入）).

* ``agari_yame``: at the game's last hand (the last round's last dealer), a
  dealer win or a dealer tenpai at a draw that leaves the dealer first ends
  the game there instead of the dealer dealing again. First means the
  highest score; a tie counts only under `ties: seat_order` with the dealer
  the earlier seat. With an extension the dealer must also have the return
  points (nobody else can then be at them: the dealer is first), else the
  extension would be played.
* ``extension: sudden_death``: when the last round ends with nobody at
  `return_points`, one more round is played (south after east, west after
  south), and the game ends after the first hand of it that leaves someone
  at or above `return_points`, or when that round is over. Each hand of the
  extension is played like the last hand: a dealer who keeps the deal (a
  win, or tenpai at a draw) and is not first deals again even though
  someone else has reached `return_points` (Tenhou: 西場でも流局時に親が
  テンパイ、かつ親がトップ目でない場合は、親以外が30000点以上になっても1本場が
  始まる; 親の連荘と子の3万点超えが同時に発生した場合は連荘を優先する).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from service.core.game import Rotation, next_seat
from service.core.seats import SEATS, Seat

Extension = Literal["none", "sudden_death"]


@dataclass
class GameEnd:
    """A game's end conditions beyond its length and a bust, followed hand by hand."""

    agari_yame: bool
    extension: Extension
    return_points: int
    ties: str
    extended: bool = False
    reason: Literal["agari_yame", "return_points"] | None = None

    def after_hand(self, rotation: Rotation, totals: Mapping[str, Decimal], *, dealer_kept: bool) -> None:
        """Called after each hand, before the deal moves; ``dealer_kept``: a
        dealer win, or a draw with the dealer tenpai (not an abortive draw)."""
        if self.extended and any(points >= self.return_points for points in totals.values()):
            if not dealer_kept or self._first(rotation.dealer, totals):
                self.reason = "return_points"
            return  # else the dealer keeps the deal behind: the extension goes on
        if not (self.agari_yame and dealer_kept and self._last_hand(rotation)):
            return
        dealer = rotation.dealer
        if self._first(dealer, totals) and (self.extension == "none" or totals[dealer] >= self.return_points):
            self.reason = "agari_yame"

    def after_deal_passed(self, rotation: Rotation, totals: Mapping[str, Decimal]) -> None:
        """Called after the deal passed: the last round over with nobody at the
        return points adds the extension round (once)."""
        if self.extension == "none" or self.extended or not rotation.over:
            return
        if all(points < self.return_points for points in totals.values()):
            rotation.rounds += 1
            self.extended = True

    @staticmethod
    def _last_hand(rotation: Rotation) -> bool:
        return rotation.rounds_played == rotation.rounds - 1 and next_seat(rotation.dealer, rotation.seats) == rotation.start_dealer

    def _first(self, dealer: Seat, totals: Mapping[str, Decimal]) -> bool:
        best = max(totals.values())
        if totals[dealer] < best:
            return False
        tied = [seat for seat, points in totals.items() if points == best]
        if len(tied) == 1:
            return True
        return self.ties == "seat_order" and min(tied, key=SEATS.index) == dealer
