"""Type stubs of the native module: the game classes, Batch and the play-out functions.

An integer argument takes any ``SupportsIndex`` but a ``bool``."""

import os
from typing import Any, Dict, List, Optional, Sequence, SupportsIndex, Tuple, TypeVar, Union

import numpy as np
import numpy.typing as npt
from typing_extensions import final

__all__ = [
    "Toguz",
    "Mangala4",
    "Katro",
    "Oware",
    "Kalah",
    "Batch",
    "random_playouts",
    "random_game_trace",
    "default_options",
    "GAMES",
    "CLASSES",
]

GAMES: List[str]
CLASSES: Dict[str, type]

_G = TypeVar("_G", bound="_Game")

class _Game:
    """The methods every game class has (not a class of the module)."""

    def to_string(self) -> str: ...
    def legal_actions(self) -> List[int]: ...
    def legal_actions_mask(self) -> List[int]: ...
    def apply_action(self, action: SupportsIndex) -> None: ...
    def play(self, move: Union[SupportsIndex, str]) -> Dict[str, Any]: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> List[float]: ...
    def current_player(self) -> int: ...
    def clone(self: _G) -> _G: ...
    def observation_tensor(self, player: Optional[SupportsIndex] = None) -> npt.NDArray[np.float32]: ...
    def observation_tensor_size(self) -> int: ...
    def num_distinct_actions(self) -> int: ...
    def action_to_string(self, action: SupportsIndex) -> str: ...
    def string_to_action(self, text: str) -> int: ...
    def board(self) -> List[int]: ...
    def stores(self) -> List[int]: ...
    def scores(self) -> List[int]: ...
    def result(self) -> Optional[str]: ...
    def key(self) -> int: ...
    def search(
        self,
        time: Optional[float] = None,
        depth: Optional[SupportsIndex] = None,
        nodes: Optional[SupportsIndex] = None,
        threads: SupportsIndex = 1,
        table_mb: SupportsIndex = 16,
        endgame_seeds: SupportsIndex = 0,
        endgame_file: Optional[Union[str, os.PathLike[str]]] = None,
    ) -> Dict[str, Any]: ...
    def write_endgame(
        self, path: Union[str, os.PathLike[str]], endgame_seeds: SupportsIndex
    ) -> int: ...
    def solve(
        self,
        nodes: Optional[SupportsIndex] = None,
        table_mb: SupportsIndex = 64,
    ) -> Dict[str, Any]: ...
    def drawing(self) -> Dict[str, Any]: ...
    def _repr_svg_(self) -> str: ...
    def __copy__(self: _G) -> _G: ...
    def __deepcopy__(self: _G, memo: Any) -> _G: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Toguz(_Game):
    """Toguz Kumalak: actions 0..9 sow the mover's holes 1..9, 9..18 the same claiming a tuzdik."""

    def __new__(
        cls, *, board: SupportsIndex = 9, tuzdik: str = "automatic", majority_stop: bool = True
    ) -> Toguz: ...
    @staticmethod
    def from_string(text: str) -> Toguz: ...

@final
class Mangala4(_Game):
    """Mangala IV: actions 0..7 sow the mover's holes 1..7, 7 passes."""

    def __new__(
        cls,
        *,
        setup: str = "even",
        setup_seed: SupportsIndex = 0,
        first_player: SupportsIndex = 0,
        leftover: str = "none",
    ) -> Mangala4: ...
    @staticmethod
    def from_string(text: str) -> Mangala4: ...

@final
class Katro(_Game):
    """Katro: action 4 × column + 2 × [direction B] + [single-seed step]."""

    def __new__(
        cls,
        *,
        size: str = "6x6",
        direction: str = "A",
        mover_row: str = "innermost",
        opponent_hole: str = "row",
        trigger: str = "occupied",
        single_seed: bool = False,
    ) -> Katro: ...
    @staticmethod
    def from_string(text: str) -> Katro: ...

@final
class Oware(_Game):
    """Oware Abapa as OpenSpiel plays it: actions 0..houses sow the mover's houses."""

    def __new__(
        cls,
        *,
        houses: SupportsIndex = 6,
        seeds: SupportsIndex = 4,
        grand_slam: str = "no-capture",
        max_plies: SupportsIndex = 1000,
        majority_stop: bool = True,
    ) -> Oware: ...
    @staticmethod
    def from_string(text: str) -> Oware: ...

@final
class Kalah(_Game):
    """Kalah as OpenSpiel's mancala plays it: actions are board cells, 1..pits South's pits,
    pits + 2..2 × pits + 1 North's."""

    def __new__(
        cls,
        *,
        pits: SupportsIndex = 6,
        seeds: SupportsIndex = 4,
        empty_capture: bool = False,
        max_plies: SupportsIndex = 1000,
    ) -> Kalah: ...
    @staticmethod
    def from_string(text: str) -> Kalah: ...

_Step = Tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.bool_],
]

@final
class Batch:
    """N games of one kind stepped together."""

    def __new__(
        cls,
        name: str,
        n: SupportsIndex,
        seed: SupportsIndex = 0,
        max_moves: SupportsIndex = 1000,
        threads: SupportsIndex = 1,
        final_view: Optional[SupportsIndex] = None,
        **options: Any,
    ) -> Batch: ...
    def reset(
        self,
        seed: Optional[SupportsIndex] = None,
        indices: Optional[Union[npt.ArrayLike, Sequence[int]]] = None,
        copy: bool = True,
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]: ...
    def step(self, actions: Union[npt.ArrayLike, Sequence[int]], copy: bool = True) -> _Step: ...
    def step_random(self, copy: bool = True) -> _Step: ...
    def close(self) -> None: ...
    @property
    def final_observations(self) -> npt.NDArray[np.float32]: ...
    @property
    def last_actions(self) -> npt.NDArray[np.int64]: ...
    def players(self) -> npt.NDArray[np.int8]: ...
    def to_strings(self) -> List[str]: ...
    @property
    def num_games(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def name(self) -> str: ...
    def __len__(self) -> int: ...

def random_playouts(
    name: str,
    n: SupportsIndex,
    seed: SupportsIndex = 0,
    max_moves: SupportsIndex = 100_000,
    **options: Any,
) -> Dict[str, Any]: ...
def default_options(name: str) -> Dict[str, Any]: ...
def random_game_trace(
    name: str, seed: SupportsIndex = 0, max_moves: SupportsIndex = 1000, **options: Any
) -> Dict[str, Any]: ...
