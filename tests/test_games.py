"""The rules of a game between two people (webapp/games/game.py): whose turn, the clocks to
the millisecond, right and wrong digits, penalties, and every way a game ends. Times are
passed in: no test sleeps."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from killers import random_killer

from webapp.games import ClockSetting, Ending, Game, Mode, Move, MoveKind, judge, state_of
from webapp.games.clocks import clock_text
from webapp.games.game import Phase, RefusalReason
from webapp.games.moves import GUEST, HOST
from webapp.sudoku import PuzzleError, parse, read_code

from game_puzzle import BLANKS, PUZZLE, SOLUTION, right, wrong
from puzzles import SIX, SIX_SOLUTION, data_lines

START = 1_700_000_000_000  # epoch milliseconds
S = 1000


def game(mode: Mode = Mode.DUEL, minutes: int = 5, increment: int = 0) -> Game:
    """A game on the 4x4 with 9 blanks, made at START."""
    return Game(PUZZLE, SOLUTION, mode, ClockSetting(minutes, increment), START)


def joined(at: int = START) -> Move:
    return Move(MoveKind.JOIN, GUEST, at)


def played(moves: list[Move], mode: Mode = Mode.DUEL, increment: int = 0) -> list[Move]:
    """`moves` after a join, each checked by the judge as it is added."""
    log = [joined()]
    setting = game(mode, increment=increment)
    for move in moves:
        refusal = judge(setting, log, move)
        assert refusal is None, refusal
        log.append(move)
    return log


def test_a_game_waits_for_its_guest_with_both_clocks_full() -> None:
    state = state_of(game(), [], START + 60 * S)
    assert (state.phase, state.clock(HOST).left) == (Phase.WAITING, 300 * S)


def test_the_host_moves_first_in_a_duel() -> None:
    assert state_of(game(), [joined()], START).turn == HOST


def test_the_clock_of_the_player_to_move_runs() -> None:
    state = state_of(game(), [joined()], START + 7 * S + 250)
    assert (state.clock(HOST).left, state.clock(GUEST).left) == (292 * S + 750, 300 * S)


def test_a_right_digit_stays_and_passes_the_turn() -> None:
    state = state_of(game(), played([right(HOST, 0, START + 5 * S)]), START + 5 * S)
    assert (state.board(HOST)[BLANKS[0]], state.turn) == (SOLUTION.cells[BLANKS[0]], GUEST)


def test_a_right_digit_is_drawn_in_its_players_colour() -> None:
    log = played([right(HOST, 0, START + S), right(GUEST, 1, START + 2 * S)])
    owners = state_of(game(), log, START + 2 * S).owners(HOST)
    assert (owners[BLANKS[0]], owners[BLANKS[1]]) == (HOST, GUEST)


def test_a_wrong_digit_is_refused_from_the_board() -> None:
    state = state_of(game(), played([wrong(HOST, 0, START + S)]), START + S)
    assert state.board(HOST)[BLANKS[0]] == 0


def test_a_wrong_digit_costs_the_penalty_and_passes_the_turn() -> None:
    state = state_of(game(), played([wrong(HOST, 0, START + 4 * S)]), START + 4 * S)
    assert (state.clock(HOST).left, state.clock(HOST).penalties, state.turn) == (
        266 * S,
        1,
        GUEST,
    )


def test_the_other_clock_runs_from_the_move_to_the_second() -> None:
    log = played([right(HOST, 0, START + 4 * S)])
    state = state_of(game(), log, START + 10 * S)
    assert (state.clock(HOST).left, state.clock(GUEST).left) == (296 * S, 294 * S)


def test_seconds_are_added_per_move() -> None:
    log = played([right(HOST, 0, START + 4 * S), wrong(GUEST, 1, START + 6 * S)], increment=3)
    state = state_of(game(increment=3), log, START + 6 * S)
    assert (state.clock(HOST).left, state.clock(GUEST).left) == (299 * S, 271 * S)


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (Move(MoveKind.PLACE, GUEST, START + S, BLANKS[0], 4), RefusalReason.NOT_YOUR_TURN),
        (Move(MoveKind.PLACE, HOST, START + S, 1, 3), RefusalReason.GIVEN),
        (Move(MoveKind.PLACE, HOST, START + S, 16, 1), RefusalReason.NOT_A_CELL),
        (Move(MoveKind.PLACE, HOST, START + S, BLANKS[0], 5), RefusalReason.NOT_A_SYMBOL),
        (Move(MoveKind.PLACE, HOST, START + S, BLANKS[0], 0), RefusalReason.NOT_A_SYMBOL),
        (Move(MoveKind.PLACE, 3, START + S, BLANKS[0], 4), RefusalReason.NOT_A_SEAT),
        (Move(MoveKind.ACCEPT_DRAW, GUEST, START + S), RefusalReason.NO_OFFER),
        (Move(MoveKind.JOIN, GUEST, START + S), RefusalReason.STARTED),
    ],
)
def test_a_move_against_the_rules_is_refused_naming_why(move: Move, reason: RefusalReason) -> None:
    refusal = judge(game(), [joined()], move)
    assert refusal is not None and refusal.reason == reason


def test_a_filled_cell_is_refused() -> None:
    log = played([right(HOST, 0, START + S)])
    refusal = judge(game(), log, right(GUEST, 0, START + 2 * S))
    assert refusal is not None and refusal.reason == RefusalReason.FILLED


def test_a_refusal_names_the_cell_as_a_player_counts() -> None:
    refusal = judge(game(), [joined()], Move(MoveKind.PLACE, HOST, START, 1, 3))
    assert refusal is not None and refusal.message == "row 1, column 2 is a given"


def test_no_move_before_the_guest_comes() -> None:
    refusal = judge(game(), [], right(HOST, 0, START))
    assert refusal is not None and refusal.reason == RefusalReason.NOT_STARTED


def test_a_clock_that_runs_out_loses_at_that_instant() -> None:
    state = state_of(game(minutes=1), [joined()], START + 90 * S)
    assert state.result is not None and (state.result.winner, state.result.ending) == (
        GUEST,
        Ending.FLAG,
    )


def test_a_flag_falls_when_the_time_is_gone_not_when_someone_looks() -> None:
    state = state_of(game(minutes=1), [joined()], START + 90 * S)
    assert state.result is not None and state.result.at == START + 60 * S


def test_a_move_after_the_flag_is_refused_as_the_game_is_over() -> None:
    refusal = judge(game(minutes=1), [joined()], right(HOST, 0, START + 61 * S))
    assert refusal is not None and refusal.reason == RefusalReason.OVER


def test_a_penalty_past_the_time_left_loses() -> None:
    setting = game(minutes=1)
    log = [joined(), wrong(HOST, 0, START + 40 * S)]
    state = state_of(setting, log, START + 40 * S)
    assert state.result is not None and (state.result.winner, state.result.ending) == (
        GUEST,
        Ending.FLAG,
    )


def test_the_clocks_stop_at_the_end() -> None:
    log = played([Move(MoveKind.RESIGN, GUEST, START + 10 * S)])
    state = state_of(game(), log, START + 100 * S)
    assert (state.clock(HOST).left, state.clock(HOST).running) == (290 * S, False)


def test_resigning_gives_the_other_the_game() -> None:
    log = played([Move(MoveKind.RESIGN, GUEST, START + 10 * S)])
    result = state_of(game(), log, START + 10 * S).result
    assert result is not None and (result.winner, result.ending) == (HOST, Ending.RESIGN)


def test_a_draw_offered_and_accepted_ends_even() -> None:
    log = played(
        [Move(MoveKind.OFFER_DRAW, HOST, START + S), Move(MoveKind.ACCEPT_DRAW, GUEST, START + S)]
    )
    result = state_of(game(), log, START + 2 * S).result
    assert result is not None and (result.winner, result.ending) == (None, Ending.DRAW_AGREED)


def test_placing_a_digit_declines_the_others_offer() -> None:
    log = played([Move(MoveKind.OFFER_DRAW, GUEST, START + S), right(HOST, 0, START + 2 * S)])
    assert state_of(game(), log, START + 2 * S).draw_offer is None


def test_one_cannot_accept_ones_own_offer() -> None:
    log = played([Move(MoveKind.OFFER_DRAW, HOST, START + S)])
    refusal = judge(game(), log, Move(MoveKind.ACCEPT_DRAW, HOST, START + S))
    assert refusal is not None and refusal.reason == RefusalReason.NO_OFFER


def duel_to_the_end(host_ms: int, guest_ms: int, guest_wrong: int = 0) -> list[Move]:
    """A Duel filling all 9 blanks in turn, the host taking `host_ms` milliseconds a move,
    the guest `guest_ms`, their first `guest_wrong` moves wrong."""
    moves, at, blank, turn, guest_moves = [], START, 0, HOST, 0
    while blank < len(BLANKS):
        at += host_ms if turn == HOST else guest_ms
        if turn == GUEST and guest_moves < guest_wrong:
            moves.append(wrong(GUEST, blank, at))
        else:
            moves.append(right(turn, blank, at))
            blank += 1
        guest_moves += turn == GUEST
        turn = GUEST if turn == HOST else HOST
    return played(moves)


def test_a_full_grid_goes_to_the_one_who_used_less_time() -> None:
    result = state_of(game(), duel_to_the_end(3000, 2000), START + 10**6).result
    assert result is not None and (result.winner, result.ending) == (GUEST, Ending.TIME)


def test_equal_time_goes_to_more_right_digits() -> None:
    # The host places 5 of the 9 in 5 moves of 2 s, the guest 4 in 4 of 2.5 s: 10 s each.
    result = state_of(game(), duel_to_the_end(2000, 2500), START + 10**6).result
    assert result is not None and (result.winner, result.ending) == (HOST, Ending.DIGITS)


def test_penalties_count_as_time_used() -> None:
    # The guest is quicker by 2 s a move but one wrong digit costs 30 s.
    result = state_of(game(), duel_to_the_end(5000, 3000, guest_wrong=1), START + 10**6).result
    assert result is not None and result.winner == HOST


def test_a_race_runs_both_clocks_at_once() -> None:
    state = state_of(game(Mode.RACE), [joined()], START + 12 * S)
    assert (state.clock(HOST).left, state.clock(GUEST).left) == (288 * S, 288 * S)


def test_in_a_race_both_may_fill_the_same_cell_on_their_own_boards() -> None:
    log = played([right(HOST, 0, START + S), right(GUEST, 0, START + S)], Mode.RACE)
    state = state_of(game(Mode.RACE), log, START + S)
    assert state.board(HOST)[BLANKS[0]] == state.board(GUEST)[BLANKS[0]] != 0


def test_a_race_shows_the_other_only_where_cells_are_filled() -> None:
    log = played([right(HOST, 0, START + S), right(HOST, 3, START + 2 * S)], Mode.RACE)
    state = state_of(game(Mode.RACE), log, START + 2 * S)
    assert (state.silhouette(HOST), state.board(GUEST)) == (
        frozenset({BLANKS[0], BLANKS[3]}),
        PUZZLE.grid.cells,
    )


def test_the_first_to_fill_their_grid_wins_a_race() -> None:
    moves = [right(GUEST, blank, START + (blank + 1) * S) for blank in range(len(BLANKS))]
    result = state_of(game(Mode.RACE), played(moves, Mode.RACE), START + 20 * S).result
    assert result is not None and (result.winner, result.ending) == (GUEST, Ending.FULL_GRID)


def test_a_game_against_nobody_runs_the_hosts_clock_alone() -> None:
    state = state_of(game(), [Move(MoveKind.ALONE, HOST, START)], START + 9 * S)
    assert (state.clock(HOST).left, state.clock(GUEST).left) == (291 * S, 300 * S)


def test_a_game_against_nobody_keeps_the_turn_with_the_host() -> None:
    log = [Move(MoveKind.ALONE, HOST, START), right(HOST, 0, START + S)]
    assert state_of(game(), log, START + S).turn == HOST


def test_an_offer_standing_is_not_made_again() -> None:
    log = played([Move(MoveKind.OFFER_DRAW, HOST, START + S)])
    refusal = judge(game(), log, Move(MoveKind.OFFER_DRAW, HOST, START + 2 * S))
    assert refusal is not None and refusal.reason == RefusalReason.OFFER_STANDS


def variant_games() -> list[Game]:
    """A game on each kind of puzzle the product plays: X, Killer, 6x6, 16x16."""
    x_line = next(line for line in data_lines("x_sudoku.txt"))
    big = next(line for line in data_lines("engine_16x16_answers.txt"))
    killer, killer_solution = random_killer(9, 3)
    found = [
        (read_code(parse(x_line[0]).code + "-x"), x_line[1]),
        (read_code(parse(SIX).code), SIX_SOLUTION),
        (read_code(parse(big[0]).code), big[-1]),
    ]
    games = [
        Game(puzzle, parse(solution), Mode.RACE, ClockSetting(), START)
        for puzzle, solution in found
    ]
    return [*games, Game(killer, killer_solution, Mode.DUEL, ClockSetting(), START)]


@pytest.mark.parametrize("setting", variant_games(), ids=["x", "six", "sixteen", "killer"])
def test_a_game_of_any_variant_keeps_its_setting_through_the_store(setting: Game) -> None:
    assert Game.from_bytes(setting.to_bytes()) == setting


def test_a_game_keeps_its_setting_through_the_store() -> None:
    assert Game.from_bytes(game(Mode.RACE, 3, 2).to_bytes()) == game(Mode.RACE, 3, 2)


def test_a_move_keeps_its_fields_through_the_store() -> None:
    move = right(GUEST, 2, START + 1234)
    assert Move.from_bytes(move.to_bytes()) == move


def test_a_solution_that_does_not_solve_the_puzzle_is_refused() -> None:
    with pytest.raises(PuzzleError):
        Game(PUZZLE, PUZZLE.grid, Mode.DUEL, ClockSetting(), START)


@pytest.mark.parametrize(("minutes", "increment"), [(0, 0), (61, 0), (5, -1), (5, 61)], ids=str)
def test_a_clock_setting_out_of_range_is_refused(minutes: int, increment: int) -> None:
    with pytest.raises(PuzzleError):
        ClockSetting(minutes, increment)


@pytest.mark.parametrize(
    ("milliseconds", "shown"), [(0, "0:00"), (59_999, "0:59"), (600_000, "10:00"), (-5, "0:00")]
)
def test_a_clock_shows_whole_seconds_rounded_down(milliseconds: int, shown: str) -> None:
    assert clock_text(milliseconds) == shown


# Any moves at any times: what the judge lets through keeps the clocks honest.
moves_strategy = st.lists(
    st.tuples(
        st.sampled_from([HOST, GUEST]),
        st.integers(0, len(BLANKS) - 1),
        st.booleans(),
        st.integers(0, 40 * S),
    ),
    max_size=25,
)


@settings(max_examples=150, deadline=None)
@given(moves_strategy, st.sampled_from(list(Mode)), st.integers(0, 5))
def test_time_left_is_the_allowance_and_increments_less_time_used(
    moves: list[tuple[int, int, bool, int]], mode: Mode, increment: int
) -> None:
    setting = game(mode, minutes=2, increment=increment)
    log, at = [joined()], START
    for seat, blank, is_right, pause in moves:
        at += pause
        move = (right if is_right else wrong)(seat, blank, at)
        if judge(setting, log, move) is None:
            log.append(move)
    state = state_of(setting, log, at + 5 * S)
    for seat in (HOST, GUEST):
        earned = sum(1 for move in log if move.seat == seat and move.kind == MoveKind.PLACE)
        clock = state.clock(seat)
        assert clock.left == max(0, setting.clock.allowance + earned * increment * S - clock.used)


@settings(max_examples=150, deadline=None)
@given(moves_strategy)
def test_no_clock_ever_gains_time_while_nobody_moves(
    moves: list[tuple[int, int, bool, int]],
) -> None:
    setting = game(Mode.RACE, minutes=1)
    log, at = [joined()], START
    for seat, blank, is_right, pause in moves:
        at += pause
        move = (right if is_right else wrong)(seat, blank, at)
        if judge(setting, log, move) is None:
            log.append(move)
    before, after = state_of(setting, log, at), state_of(setting, log, at + 3 * S)
    assert all(after.clock(seat).left <= before.clock(seat).left for seat in (HOST, GUEST))
