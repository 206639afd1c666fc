"""The package's games as OpenSpiel games.

``register()`` makes each game loadable with ``pyspiel.load_game(NAME)``, its rule options as
game parameters (``pyspiel.load_game("mancala_toguz(board=7,tuzdik=optional)")``). The games
are deterministic, two-player, zero-sum, with the return at the end (``+1``/``-1``/``0``).

OpenSpiel needs a bound on a game's length; the rules of Toguz Kumalak and Katro have none, so
every game takes the parameter ``max_moves`` (default 1000): a game still going after that many
moves ends there as a draw, as OpenSpiel's own ``oware`` ends at its move limit.
"""

import numpy as np
import pyspiel

import mancala

#: A game's length bound, unless the parameter ``max_moves`` says otherwise.
DEFAULT_MAX_MOVES = 1000

#: Each game's long name where it is not the class's (OpenSpiel's ``long_name``).
LONG_NAMES = {
    "mancala_toguz": "Toguz Kumalak",
    "mancala_mangala4": "Mangala IV",
    "mancala_oware": "Oware Abapa",
}

#: Each game's long name and its options with their defaults (OpenSpiel parameters), for
#: every game of the native module's list: its keyword options as ``mancala.default_options``
#: gives them.
GAMES = {
    name: (LONG_NAMES.get(name, cls.__name__), mancala.default_options(name))
    for name, cls in mancala.CLASSES.items()
}


def _game_type(name):
    long_name, options = GAMES[name]
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**options, "max_moves": DEFAULT_MAX_MOVES},
    )


class MancalaGame(pyspiel.Game):
    """One of the package's games with its parameters; subclassed once per game, at module
    level so that pickle finds the classes."""

    NAME = ""

    def __init__(self, params=None):
        params = {**GAMES[self.NAME][1], "max_moves": DEFAULT_MAX_MOVES, **(params or {})}
        # OpenSpiel keeps the game's length bound in a C int.
        what = f"{self.NAME}: max_moves"
        self.max_moves = mancala._integer(params.pop("max_moves"), what, 1, 2**31 - 1)
        self.options = params
        start = mancala.game_class(self.NAME)(**params)
        length = self.max_moves
        if self.NAME == "mancala_oware" and params["max_plies"] > 0:
            length = min(length, params["max_plies"])
        if self.NAME == "mancala_kalah" and params["max_plies"] > 0:
            # OpenSpiel's limit: the game ends after one more move than it.
            length = min(length, params["max_plies"] + 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=start.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(_GAME_TYPE[self.NAME], info, {**params, "max_moves": self.max_moves})
        self._start = start

    def __reduce__(self):
        # Rebuilt from its name and parameters, registering the games first: a process that
        # unpickles it (a spawned worker) need not have called register().
        return (_load_game, (self.NAME, {**self.options, "max_moves": self.max_moves}))

    def new_initial_state(self):
        """The start of a game."""
        return MancalaState(self, self._start.clone())

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of the package's observation tensor, or OpenSpiel's public-game
        observer for a perfect-recall information state."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self._start.observation_tensor_size(), params)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class MancalaState(pyspiel.State):
    """A position of one of the package's games, with the moves played so far counted for
    ``max_moves``."""

    def __init__(self, game, position):
        super().__init__(game)
        self._position = position
        self._moves = 0
        self._max_moves = game.max_moves

    def _cut(self):
        return self._moves >= self._max_moves and not self._position.is_terminal()

    def current_player(self):
        if self._cut():
            return pyspiel.PlayerId.TERMINAL
        return self._position.current_player()

    def _legal_actions(self, player):
        if self._cut() or player != self._position.current_player():
            return []
        return self._position.legal_actions()

    def _apply_action(self, action):
        self._position.apply_action(action)
        self._moves += 1

    def _action_to_string(self, player, action):
        if player == self._position.current_player():
            return self._position.action_to_string(action)
        return f"player {player} action {action}"

    def is_terminal(self):
        return self._cut() or self._position.is_terminal()

    def returns(self):
        return self._position.returns()

    def position(self):
        """The package's game object for this state (a copy)."""
        return self._position.clone()

    def __str__(self):
        return self._position.to_string()

    def __reduce__(self):
        # The game and the actions played: replaying them rebuilds OpenSpiel's history too.
        return (_load_state, (self.get_game(), list(self.history())))


class ToguzGame(MancalaGame):
    """Toguz Kumalak as an OpenSpiel game."""

    NAME = "mancala_toguz"


class Mangala4Game(MancalaGame):
    """Mangala IV as an OpenSpiel game."""

    NAME = "mancala_mangala4"


class KatroGame(MancalaGame):
    """Katro as an OpenSpiel game."""

    NAME = "mancala_katro"


class OwareGame(MancalaGame):
    """Oware Abapa as an OpenSpiel game."""

    NAME = "mancala_oware"


class KalahGame(MancalaGame):
    """Kalah as an OpenSpiel game."""

    NAME = "mancala_kalah"


#: The OpenSpiel game class of each game: the classes above, and one made here for a game of
#: the native module's list that has none (named after its class, as pickle finds it).
GAME_CLASSES: dict[str, type] = {
    cls.NAME: cls for cls in (ToguzGame, Mangala4Game, KatroGame, OwareGame, KalahGame)
}
for _name, _cls in mancala.CLASSES.items():
    if _name not in GAME_CLASSES:
        _game = type(f"{_cls.__name__}Game", (MancalaGame,), {"NAME": _name})
        globals()[_game.__name__] = _game
        GAME_CLASSES[_name] = _game


def _load_game(name, params):
    register()
    return pyspiel.load_game(name, params)


def _load_state(game, history):
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


class BoardObserver:
    """The package's observation tensor (see ``observation_tensor``) and the position string."""

    def __init__(self, size, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state._position.observation_tensor(player)

    def string_from(self, state, player):
        return state._position.to_string()


_GAME_TYPE = {name: _game_type(name) for name in GAMES}
_registered: list = []


def register():
    """Registers every game with OpenSpiel (once, however often it is called) and returns
    their names."""
    known = set(pyspiel.registered_names())
    for name in GAMES:
        if name in _registered:
            continue
        if name in known:
            raise RuntimeError(f"OpenSpiel already has a game named {name}")
        pyspiel.register_game(_GAME_TYPE[name], GAME_CLASSES[name])
        _registered.append(name)
    return list(_registered)
