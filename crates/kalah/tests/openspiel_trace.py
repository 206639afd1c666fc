"""OpenSpiel's `mancala` playing seeded random games, every state written down, for
`openspiel.rs` to replay; or its perft from the start.

    openspiel_trace.py check             exit 0 when pyspiel loads, else say why
    openspiel_trace.py games GAMES SEED  one `game` line per game, then `state`, `move`, `end`
    openspiel_trace.py perft DEPTH       the counts from depth 1 to DEPTH, one line
"""

import random
import sys


def load():
    import pyspiel

    return pyspiel.load_game("mancala")


def state_line(state):
    # The observation tensor is the 14 cells, then the player to move and the move number.
    cells = [int(x) for x in state.observation_tensor(0)[:14]]
    player = -1 if state.is_terminal() else state.current_player()
    legal = " ".join(str(a) for a in state.legal_actions())
    terminal = 1 if state.is_terminal() else 0
    return "state %d | %d | %s | %s" % (terminal, player, " ".join(map(str, cells)), legal)


def games(count, seed):
    game = load()
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        state = game.new_initial_state()
        out.append("game")
        out.append(state_line(state))
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            out.append("move %d" % action)
            out.append(state_line(state))
        out.append("end %s" % " ".join("%g" % r for r in state.returns()))
    print("\n".join(out))


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


def main():
    command = sys.argv[1]
    if command == "check":
        try:
            load()
        except Exception as error:  # any failure to load means: no usable OpenSpiel
            print("pyspiel does not load: %s" % error)
            sys.exit(1)
    elif command == "games":
        games(int(sys.argv[2]), int(sys.argv[3]))
    elif command == "perft":
        root = load().new_initial_state()
        print(" ".join(str(perft(root, d)) for d in range(1, int(sys.argv[2]) + 1)))


if __name__ == "__main__":
    main()
