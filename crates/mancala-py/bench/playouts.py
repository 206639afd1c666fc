"""Random play-outs driven from Python, for the speed figures in docs/benchmarks.md.

    python bench/playouts.py MODE COUNT [--seed S]

MODE is one of:

- ``step``: Toguz Kumalak, one move per Python call: ``legal_actions()``, a random choice,
  ``apply_action()``, until COUNT moves have been played (a new game after each end).
- ``openspiel-oware``: the same loop over OpenSpiel's own C++ ``oware`` (needs ``open_spiel``).
- ``batch``: Toguz Kumalak through ``mancala.Batch`` (``--games``, default 1024, on
  ``--threads`` threads), the random legal actions chosen with numpy from the masks, until
  COUNT moves have been played; also prints the time inside ``step`` alone.
- ``batch-random``: the same batch stepped by ``step_random()``, the moves drawn in Rust.
- ``batch-vs-playouts``: in one process, ``step_random()`` for COUNT moves, then
  ``random_playouts`` for about as many moves; prints both rates and their ratio, which a busy
  machine disturbs less than either rate.
- ``batch-arrays``: the arrays of a step without the move: ``reset(indices=[], copy=False)``
  (which restarts no game) writes every game's observation and mask into the batch's arrays,
  until COUNT rows have been written; also prints the time of creating a zeroed ``bytearray`` of the observations' size.
- ``goals``: the three goals of the batched step side by side in one process, on ``--games``
  games (16 384 for the goals), in ``--rounds`` rounds (default 7), each timing COUNT moves of
  ``step(actions, copy=False)`` with numpy choosing the actions (the rate inside ``step``),
  of ``step_random(copy=False)`` on one thread and on two, and about as many of
  ``random_playouts``, in turn; prints each rate and the ratios taken round by round (so a
  drift of the machine's speed touches both sides of each): ``random_playouts`` over
  ``step_random`` (goal: at most 2) and two threads over one (goal: at least 1.7), as median
  and range.
- ``playouts``: Toguz Kumalak through ``mancala.random_playouts``: here the number is of games,
  all played in one call from seed S, the very games ``cargo run --release --example playouts
  -- toguz GAMES --seed S`` plays (the same generator, the same moves).

Ends with ``moves=M seconds=T moves_per_sec=R`` (T from the loop alone; the whole process is
what an outside timer such as ``/usr/bin/time`` measures).
"""

import argparse
import os
import random
import time

# numpy's OpenBLAS would otherwise start a thread a core, which spins for a while after the
# import and takes the second core from the two-thread figures.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def step(state_factory, moves, seed):
    rng = random.Random(seed)
    choice = rng.choice
    played = 0
    while played < moves:
        state = state_factory()
        while played < moves and not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            played += 1
    return played


def toguz_step(moves, seed):
    import mancala

    return step(mancala.Toguz, moves, seed)


def openspiel_oware_step(moves, seed):
    import pyspiel

    game = pyspiel.load_game("oware")
    return step(game.new_initial_state, moves, seed)


def given_actions(batch, masks, rng, moves):
    """Steps ``batch`` by legal actions numpy draws at random from ``masks`` until ``moves``
    moves are played; returns the moves, the seconds inside ``step`` and the last masks."""
    played, inside = 0, 0.0
    while played < moves:
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        start = time.perf_counter()
        _, masks, _, _, _ = batch.step(actions, copy=False)
        inside += time.perf_counter() - start
        played += len(masks)
    return played, inside, masks


def random_steps(batch, moves):
    """Steps ``batch`` by ``step_random`` until ``moves`` moves are played; returns them."""
    played = 0
    while played < moves:
        _, masks, _, _, _ = batch.step_random(copy=False)
        played += len(masks)
    return played


def timed_playouts(moves, seed):
    """``random_playouts`` of about ``moves`` moves (about 125 a game from the start);
    returns the moves and their rate."""
    import mancala

    start = time.perf_counter()
    played = mancala.random_playouts("toguz", max(1, moves // 125), seed=seed)["moves"]
    return played, played / (time.perf_counter() - start)


def toguz_batch(moves, seed, n=1024, threads=1):
    import numpy as np

    import mancala

    rng = np.random.default_rng(seed)
    batch = mancala.Batch("toguz", n, seed=seed, threads=threads)
    _, masks = batch.reset(copy=False)
    played, inside, _ = given_actions(batch, masks, rng, moves)
    print(f"step_seconds={inside:.3f} step_moves_per_sec={played / inside:.0f}")
    return played


def toguz_batch_random(moves, seed, n=1024, threads=1):
    import mancala

    batch = mancala.Batch("toguz", n, seed=seed, threads=threads)
    batch.reset(copy=False)
    return random_steps(batch, moves)


def toguz_batch_vs_playouts(moves, seed, n=1024, threads=1):
    start = time.perf_counter()
    played = toguz_batch_random(moves, seed, n, threads)
    batch_rate = played / (time.perf_counter() - start)
    playout_moves, playout_rate = timed_playouts(moves, seed)
    print(
        f"step_random_moves_per_sec={batch_rate:.0f} playouts_moves_per_sec={playout_rate:.0f} "
        f"ratio={playout_rate / batch_rate:.2f}"
    )
    return played + playout_moves


def toguz_goals(moves, seed, n=16384, rounds=7):
    import statistics

    import numpy as np

    import mancala

    rng = np.random.default_rng(seed)
    given = mancala.Batch("toguz", n, seed=seed)
    _, masks = given.reset(copy=False)
    randoms = {count: mancala.Batch("toguz", n, seed=seed, threads=count) for count in (1, 2)}
    for batch in randoms.values():
        batch.reset(copy=False)

    total = 0

    def step_given():
        nonlocal masks, total
        played, inside, masks = given_actions(given, masks, rng, moves)
        total += played
        return played / inside

    def step_random(count):
        nonlocal total
        start = time.perf_counter()
        played = random_steps(randoms[count], moves)
        total += played
        return played / (time.perf_counter() - start)

    def playouts(round_seed):
        nonlocal total
        played, rate = timed_playouts(moves, round_seed)
        total += played
        return rate

    figures = {key: [] for key in ("given", "random", "random_2", "playouts")}
    for index in range(rounds):
        figures["given"].append(step_given())
        figures["random"].append(step_random(1))
        figures["random_2"].append(step_random(2))
        figures["playouts"].append(playouts(seed + index))
    over = [p / r for p, r in zip(figures["playouts"], figures["random"])]
    scaling = [two / one for two, one in zip(figures["random_2"], figures["random"])]

    def spread(values, scale=1.0, digits=2):
        values = [v / scale for v in values]
        median = statistics.median(values)
        return f"{median:.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"

    print(f"rounds={rounds} games={n} (median, min-max; rates in millions of moves a second)")
    print(f"step_actions={spread(figures['given'], 1e6, 1)}")
    print(f"step_random={spread(figures['random'], 1e6, 1)}")
    print(f"step_random_2_threads={spread(figures['random_2'], 1e6, 1)}")
    print(f"playouts={spread(figures['playouts'], 1e6, 1)}")
    print(f"playouts_over_step_random={spread(over)} (goal: at most 2)")
    print(f"two_threads_over_one={spread(scaling)} (goal: at least 1.7)")
    return total


def toguz_batch_arrays(rows, seed, n=1024, threads=1):
    import mancala

    batch = mancala.Batch("toguz", n, seed=seed, threads=threads)
    batch.reset()
    size = 4 * n * batch.observation_size
    steps = max(1, rows // n)
    start = time.perf_counter()
    for _ in range(steps):
        bytearray(size)
    zeroed = (time.perf_counter() - start) / (steps * n)
    start = time.perf_counter()
    for _ in range(steps):
        batch.reset(indices=[], copy=False)
    arrays = (time.perf_counter() - start) / (steps * n)
    print(f"arrays_ns_per_game={arrays * 1e9:.1f} bytearray_ns_per_game={zeroed * 1e9:.1f}")
    return steps * n


def toguz_playouts(games, seed):
    import mancala

    return mancala.random_playouts("toguz", games, seed=seed)["moves"]


MODES = {
    "step": toguz_step,
    "openspiel-oware": openspiel_oware_step,
    "batch": toguz_batch,
    "batch-random": toguz_batch_random,
    "batch-vs-playouts": toguz_batch_vs_playouts,
    "batch-arrays": toguz_batch_arrays,
    "goals": toguz_goals,
    "playouts": toguz_playouts,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("count", type=int, help="moves, or games for `playouts`")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=1024, help="games a batch")
    parser.add_argument("--threads", type=int, default=1, help="threads a batch steps on")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the goals mode")
    args = parser.parse_args()
    extra = {}
    if args.mode.startswith("batch"):
        extra = {"n": args.games, "threads": args.threads}
    elif args.mode == "goals":
        extra = {"n": args.games, "rounds": args.rounds}
    start = time.perf_counter()
    played = MODES[args.mode](args.count, args.seed, **extra)
    seconds = time.perf_counter() - start
    print(f"moves={played} seconds={seconds:.3f} moves_per_sec={played / seconds:.0f}")


if __name__ == "__main__":
    main()
