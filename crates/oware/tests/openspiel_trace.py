"""Plays Oware in OpenSpiel and writes down everything it sees, for tests/openspiel.rs to replay.

    python openspiel_trace.py check
        exits 0 if pyspiel can be imported, else prints why not and exits 3
    python openspiel_trace.py games HOUSES SEEDS COUNT SEED POLICY
        plays COUNT games of OpenSpiel's `oware` with those parameters, moves drawn by
        random.Random(SEED); POLICY `random` draws among the legal moves, `quiet` among those
        that neither capture nor end the game when there are any (long games, up to the limit)
    python openspiel_trace.py perft HOUSES SEEDS SECONDS
        perft from the start at depth 1, 2, ... while the next depth should end within SECONDS

Lines written, one per fact:
    game HOUSES SEEDS
    state TERMINAL | OBSERVATION | LEGAL ACTIONS      (before every move, and at the end)
    move ACTION
    end RETURN0 RETURN1                                (a terminal state)
    limit PLIES                                        (OpenSpiel refused the next move)
    perft DEPTH NODES
"""

import random
import sys
import time


def load(houses, seeds):
    import pyspiel

    return pyspiel.load_game(
        "oware", {"num_houses_per_player": houses, "num_seeds_per_house": seeds}
    )


def state_line(state):
    legal = " ".join(str(a) for a in state.legal_actions())
    terminal = 1 if state.is_terminal() else 0
    return f"state {terminal} | {state.observation_string(0)} | {legal}"


def scores(state):
    return state.observation_string(0).split("|")[1]


def quiet_moves(state):
    """The legal moves that neither capture nor end the game."""
    quiet = []
    for action in state.legal_actions():
        child = state.clone()
        try:
            child.apply_action(action)
        except Exception:  # past the length limit: no move is quiet, none is legal
            return []
        if not child.is_terminal() and scores(child) == scores(state):
            quiet.append(action)
    return quiet


def games(houses, seeds, count, seed, policy):
    game = load(houses, seeds)
    rng = random.Random(seed)
    out = sys.stdout
    for _ in range(count):
        state = game.new_initial_state()
        out.write(f"game {houses} {seeds}\n")
        while True:
            out.write(state_line(state) + "\n")
            if state.is_terminal():
                returns = state.returns()
                out.write(f"end {returns[0]:g} {returns[1]:g}\n")
                break
            legal = state.legal_actions()
            choices = (quiet_moves(state) if policy == "quiet" else None) or legal
            action = rng.choice(choices)
            try:
                state.apply_action(action)
            except Exception:  # OpenSpiel refuses any move past its length limit.
                out.write(f"limit {len(state.history())}\n")
                break
            out.write(f"move {action}\n")


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    nodes = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        nodes += perft(child, depth - 1)
    return nodes


def perfts(houses, seeds, seconds):
    start = load(houses, seeds).new_initial_state()
    began = time.monotonic()
    depth, last = 1, 0.0
    # Each depth costs a few times the one before: start one only if it should fit.
    while time.monotonic() - began + 6 * last < seconds:
        clock = time.monotonic()
        print(f"perft {depth} {perft(start, depth)}", flush=True)
        last = time.monotonic() - clock
        depth += 1


def main(args):
    if args[:1] == ["check"]:
        try:
            import pyspiel  # noqa: F401
        except Exception as error:  # any failure to import means no OpenSpiel here
            print(f"pyspiel cannot be imported: {error}")
            return 3
        return 0
    if args[:1] == ["games"] and len(args) == 6:
        games(int(args[1]), int(args[2]), int(args[3]), int(args[4]), args[5])
        return 0
    if args[:1] == ["perft"] and len(args) == 4:
        perfts(int(args[1]), int(args[2]), float(args[3]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
