"""Games across a Ray cluster: random play-outs, and self-play or engine-against-engine games
that come back as records and training targets.

Ray is an extra (``pip install "mancala-games[ray]"``), not a dependency. Every function here
takes its work as tasks of ``chunk`` games each, runs them on the cluster's workers (the
package must be installed where they run: the same environment on one machine, or a Ray
``runtime_env`` with ``pip: ["mancala-games"]`` on a real cluster) and gathers the results in
the caller. ``ray.init()`` is the caller's: ``ray.init(num_cpus=2)`` for a local instance,
``ray.init(address="auto")`` on a cluster node; the functions call ``ray.init()`` themselves
only when Ray is not yet running. Results depend only on the arguments (each task's seed comes
from ``seed`` and the task's index), not on the number of workers.

A player is ``"random"`` (a uniformly random legal move), ``"engine"`` (the package's search at
depth ``mancala.ENGINE_DEPTH``, as Gymnasium's ``"engine"`` opponent) or a dict of ``search``
limits (``{"depth": 6}``, ``{"nodes": 20000}``) for the engine. The engine plays the same move
every time in the same position, so ``play_games`` opens each game with ``opening_plies``
uniformly random plies (default 2) drawn from the game's seed: games between engines differ by
their openings, and ``seed`` picks them.
"""

import numpy as np
import ray

import mancala

#: Games a task plays unless told otherwise.
CHUNK = 64


def _ensure_ray():
    if not ray.is_initialized():
        ray.init()


def _task_seed(seed, index):
    return int(np.random.SeedSequence([seed, index]).generate_state(1, np.uint64)[0])


def _chunks(n, chunk):
    chunk = mancala._integer(chunk, "chunk", 1, 2**27)
    return [min(chunk, n - start) for start in range(0, n, chunk)]


@ray.remote
def _playouts(name, n, seed, max_moves, options):
    return mancala.random_playouts(name, n, seed=seed, max_moves=max_moves, **options)


def random_playouts(name, n, seed=0, max_moves=100_000, chunk=100_000, **options):
    """``mancala.random_playouts`` spread over the cluster in tasks of ``chunk`` games: the
    same dict, the counts added up and the per-game arrays joined in task order."""
    n = mancala._integer(n, "n", 0, 2**40)
    mancala.game_class(name)(**options)
    _ensure_ray()
    sizes = _chunks(n, chunk)
    parts = ray.get([
        _playouts.remote(name, size, _task_seed(seed, i), max_moves, options)
        for i, size in enumerate(sizes)
    ])
    total = {"game": name if name.startswith("mancala_") else "mancala_" + name, "games": n}
    for key in ("moves", "south_wins", "north_wins", "draws", "unfinished"):
        total[key] = sum(part[key] for part in parts)
    reasons = {}
    for part in parts:
        for reason, count in part["reasons"].items():
            reasons[reason] = reasons.get(reason, 0) + count
    total["reasons"] = reasons
    total["plies"] = np.concatenate([p["plies"] for p in parts] or [np.zeros(0, np.int32)])
    total["returns"] = np.concatenate(
        [p["returns"] for p in parts] or [np.zeros((0, 2), np.float32)]
    )
    return total


def _choose(game, player, rng):
    if player == "random":
        legal = game.legal_actions()
        return legal[int(rng.integers(len(legal)))]
    return game.search(**player)["action"]


def _check_player(player):
    if player == "random":
        return player
    if player == "engine":
        return {"depth": mancala.ENGINE_DEPTH}
    if not isinstance(player, dict):
        raise TypeError(
            f"a player is 'random', 'engine' or a dict of search limits, not {player!r}"
        )
    mancala.Kalah(pits=1, seeds=1).search(**player)
    return dict(player)


@ray.remote
def _games(name, count, seed, players, max_moves, opening_plies, options):
    rng = np.random.default_rng(seed)
    cls = mancala.game_class(name)
    records = []
    for _ in range(count):
        game_options = dict(options)
        if game_options.get("setup") == "random":
            game_options["setup_seed"] = int(rng.integers(2**63))
        game = cls(**game_options)
        start = game.to_string()
        observations, actions, movers = [], [], []
        while not game.is_terminal() and len(actions) < max_moves:
            mover = game.current_player()
            observations.append(game.observation_tensor(mover))
            player = players[mover] if len(actions) >= opening_plies else "random"
            action = _choose(game, player, rng)
            movers.append(mover)
            actions.append(action)
            game.apply_action(action)
        returns = game.returns()
        records.append({
            "start": start,
            "opening_plies": min(opening_plies, len(actions)),
            "actions": actions,
            "returns": returns,
            "result": game.result(),
            "observations": np.array(observations, np.float32).reshape(len(actions), -1),
            "movers": np.array(movers, np.int8),
            "values": np.array([returns[m] for m in movers], np.float32),
        })
    return records


def play_games(name, n, south="random", north=None, seed=0, max_moves=1000, chunk=CHUNK,
               opening_plies=2, **options):
    """Plays ``n`` games of ``name`` between ``south`` and ``north`` (default: ``south``
    against itself, self-play) on the cluster and returns their records in order. Each game
    opens with ``opening_plies`` uniformly random plies drawn from its seed (``0``: the
    players from the first ply). A record is a dict: ``start`` (the position string),
    ``opening_plies`` (the random plies it opened with), ``actions`` (every ply, the opening's
    included), ``returns``, ``result`` (``None`` for a game cut at ``max_moves``), and the
    training targets of each ply: ``observations`` (float32, as the mover saw the position),
    ``movers`` and ``values`` (the game's final return for the mover)."""
    n = mancala._integer(n, "n", 0, 2**32)
    max_moves = mancala._integer(max_moves, "max_moves", 1, 2**32 - 1)
    opening_plies = mancala._integer(opening_plies, "opening_plies", 0, 2**32 - 1)
    players = [_check_player(south), _check_player(south if north is None else north)]
    mancala.game_class(name)(**options)
    _ensure_ray()
    sizes = _chunks(n, chunk)
    parts = ray.get([
        _games.remote(name, size, _task_seed(seed, i), players, max_moves, opening_plies, options)
        for i, size in enumerate(sizes)
    ])
    return [record for part in parts for record in part]


def training_targets(records):
    """The plies of ``records`` stacked for learning: ``(observations, actions, values)``,
    float32 ``[plies, size]``, int64 ``[plies]`` and float32 ``[plies]``."""
    observations = [r["observations"] for r in records if len(r["actions"])]
    if not observations:
        return np.zeros((0, 0), np.float32), np.zeros(0, np.int64), np.zeros(0, np.float32)
    return (
        np.concatenate(observations),
        np.concatenate([np.asarray(r["actions"], np.int64) for r in records]),
        np.concatenate([r["values"] for r in records]),
    )
