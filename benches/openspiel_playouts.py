"""Random play-outs of an OpenSpiel game, stepped from Python: the same work as

    mancala playouts GAME GAMES --seed S

(a uniformly random legal move at every ply, move generation and the choice included, one
game after another), ending with the same line: `games=G moves=M seconds=T moves_per_sec=R`.

    python openspiel_playouts.py OPENSPIEL_GAME GAMES [SEED]

OPENSPIEL_GAME is OpenSpiel's name: `oware` for Oware, `mancala` for Kalah.
"""

import random
import sys
import time

import pyspiel


def main(args):
    if len(args) not in (2, 3):
        sys.exit(__doc__)
    game = pyspiel.load_game(args[0])
    games = int(args[1])
    rng = random.Random(int(args[2]) if len(args) > 2 else 0)
    moves = 0
    clock = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            try:
                state.apply_action(rng.choice(state.legal_actions()))
            except pyspiel.SpielError:  # past Oware's 1000-move limit: the game stops
                break
            moves += 1
    seconds = time.perf_counter() - clock
    rate = moves / max(seconds, 1e-9)
    print(f"games={games} moves={moves} seconds={seconds:.3f} moves_per_sec={rate:.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
