"""Type stubs of the anesim module (docs/python.md).

The TypedDicts describe the dicts the functions return; they exist for type
checkers only (import them under typing.TYPE_CHECKING)."""

import os
from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, SupportsIndex, Tuple, TypedDict, Union, overload

__version__: str

class UsageError(ValueError): ...
class ConfigError(ValueError): ...
class InputError(ValueError): ...
class SimulationError(RuntimeError): ...
class NeedsSimulationError(RuntimeError): ...

class Config:
    """A machine description (configs/*.yaml), read-only."""

    def __init__(self, *args: Any, **kwargs: Any) -> None: ...

    @staticmethod
    def default() -> "Config": ...
    @staticmethod
    def load(path: "_Path") -> "Config": ...
    @property
    def source(self) -> str: ...
    @property
    def text(self) -> str: ...
    def keys(self) -> List[str]: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def get(self, key: str, default: Any = None) -> Any: ...
    def with_overrides(self, values: Mapping[str, Union[int, float, bool, str]]) -> "Config": ...

_Path = Union[str, "os.PathLike[str]"]
_ConfigArg = Union[None, _Path, Config]
_Count = Union[SupportsIndex, str]
# A preset name, a path, a dict in the model format, or load_model's dict.
_ModelArg = Union[_Path, Mapping[str, Any], LoadedModel]

class LatencyStats(TypedDict):
    count: int
    mean_ns: float
    p50_ns: float
    p99_ns: float
    max_ns: float

class RunResult(TypedDict):
    """The dict of `anesim --json` (docs/cli.md)."""

    variant: str
    cores: int
    lines_per_core: int
    k: int
    x: int
    tasks: int
    task_lines: List[int]
    task_credit: List[int]
    notch: bool
    time_us: float
    gbps: float
    core_gbps_mean: float
    core_gbps_min: float
    core_gbps_max: float
    lines_prefetched: int
    lines_demand: int
    lines_lost: int
    sim_cycles: int
    dram_reads: int
    dram_row_hits: int
    latency: Dict[str, Dict[str, Any]]
    config: str

class _TransferAdviceBase(TypedDict):
    name: str
    cin: int
    cout: int
    count: int
    bytes_per_core: int
    mib_per_core: float
    lines_per_core: int
    k: int
    x: int
    affected: bool
    time_us_before: float
    gbps_before: float
    advice: str
    split: int
    chunk_cin: List[int]
    chunk_lines: List[int]
    time_us_after: float
    gbps_after: float

class TransferAdvice(_TransferAdviceBase, total=False):
    """One transfer's advice (docs/advise.md); the optional keys appear where they apply."""

    time_us_fix: float
    clearing_split: int
    clearing_split_time_us: float
    padding_cin: int
    padding_lines: int
    padding_time_us: float

class ShapeAdvice(TransferAdvice):
    """advise(): one shape's advice with its machine."""

    config: str
    ane_cores: int
    simulated_cores: int
    answered_from: str
    element_bytes: int

class ModelAdvice(TypedDict):
    """advise_model(): the dict of `anesim advise --model M --json`."""

    model: str
    tokens_per_s_before: float
    tokens_per_s_after: float
    gbps_before: float
    gbps_after: float
    bytes_per_token: Union[int, float]
    time_us_before: float
    time_us_after: float
    tokens_per_s_fix_variant: float
    gbps_fix_variant: float
    display_name: str
    source: str
    layers: int
    dtype: str
    element_bytes: Union[int, float]
    config: str
    ane_cores: int
    simulated_cores: int
    assumption: str
    step_times_from: str
    answered_from: str
    splits_slowing_step: List[str]
    left_out: List[str]
    projections: List[TransferAdvice]

class FleetChip(TypedDict, total=False):
    """One chip of a fleet's advice; note only where the verdict is unknown."""

    name: str
    verdict: Optional[bool]
    confidence: str
    ring: str
    config: str
    answered_from: str
    note: str
    time_us_per_token_before: float
    time_us_per_token_after: float
    token_time_us_before: float
    token_time_us_after: float
    tokens_per_s_before: float
    tokens_per_s_after: float
    token_change_pct: float
    fleet_splits_slow_token: bool

class FleetCost(TypedDict):
    chip: str
    affected: bool
    own_split: int
    time_us_before: float
    time_us_after: float
    change_pct: float
    clears: bool

class FleetProjection(TypedDict):
    name: str
    cin: int
    cout: int
    count: int
    format: str
    lines_per_core: int
    affected_chips: List[str]
    advice: str
    split: Optional[int]
    chunk_cin: List[int]
    chunk_lines: List[int]
    chips: List[FleetCost]

class FleetAdvice(TypedDict):
    """advise(chips=...) and advise_model(chips=...): `anesim advise --chip A,B,... --json`."""

    title: str
    chips: List[FleetChip]
    projections: List[FleetProjection]

class ModelTransfer(TypedDict):
    name: str
    cin: int
    cout: int
    count: int
    dtype: str
    kernel: Tuple[int, int]
    groups: int

class ChipInfo(TypedDict):
    name: str
    family: List[str]
    devices: List[str]
    generation: str
    memory: str
    dram_preset: str
    peak_gbps: float
    ring: str
    affected: Optional[bool]
    verdict: str
    confidence: str
    evidence: str
    verdict_from: str
    config: str

class LoadedModel(TypedDict):
    name: str
    display_name: str
    source: str
    layers: int
    dtype: str
    element_bytes: int
    parameters: int
    transfers: List[ModelTransfer]
    left_out: List[str]
    # The model in the model format, to edit and pass back; None for a
    # safetensors header's tensors or a compiled program.
    description: Optional[Dict[str, Any]]

class ProgramWeightOp(TypedDict):
    name: str
    kind: str
    operand: str
    weight: str
    decompression: str
    format: str
    dtype: str
    kernel: List[int]
    groups: int
    cin: int
    cout: int
    count: int
    stored_bytes: int
    bytes_per_core: int
    lines_per_core: int
    laps: int
    lines_off_multiple: int
    file: str
    offset: int
    gap_lines: int
    ops_before: int
    streamed: bool
    notched: Optional[bool]
    notch_source: str
    payload: List[str]
    palettes: List[str]
    side: List[str]
    palette_cin: int
    palette_cout: int
    fused_from: List[str]
    source: str

class ProgramFunction(TypedDict):
    name: str
    opset: str
    file: str
    ops: int
    ops_after: int
    other_ops: Dict[str, int]
    weight_ops: List[ProgramWeightOp]

class ProgramConstant(TypedDict):
    name: str
    function: str
    dtype: str
    shape: List[int]
    elements: int
    stored_bytes: int
    in_blob: bool
    file: str
    offset: int
    consumers: List[str]
    source: str

class ProgramFinding(TypedDict):
    kind: str
    function: str
    op: str
    text: str

class ProgramTask(TypedDict):
    name: str
    chunk: int
    chunks: int
    cin: int
    cout: int
    lines: int
    ops_before: int
    gap_lines: int
    starts_program: bool

class CompiledProgram(TypedDict):
    path: str
    programs: List[str]
    version: str
    opsets: List[str]
    sizes_checked: bool
    weight_file_bytes_read: int
    machine: str
    ring: str
    verdicts_from: str
    functions: List[ProgramFunction]
    constants: List[ProgramConstant]
    findings: List[ProgramFinding]
    notes: List[str]
    tasks: List[ProgramTask]
    ops_after: int

class VariantInfo(TypedDict):
    name: str
    summary: str
    parameters: Dict[str, int]
    never_starves: bool

def run(
    lines: Optional[_Count] = None,
    cin: Optional[_Count] = None,
    cout: Optional[_Count] = None,
    variant: Optional[str] = None,
    cores: Optional[_Count] = None,
    split: _Count = 1,
    task_lines: Optional[Sequence[SupportsIndex]] = None,
    config: _ConfigArg = None,
    chip: Optional[str] = None,
) -> RunResult: ...
_Simulate = Literal["auto", "never"]
# One dtype for every weight, or one per weight name pattern, first match wins.
_DtypeArg = Union[str, Mapping[str, str], None]

@overload
def advise(
    cin: _Count, cout: _Count, config: _ConfigArg = None, jobs: _Count = 2,
    dtype: Optional[str] = None, kernel: Union[Tuple[_Count, _Count], str, None] = None,
    groups: Optional[_Count] = None, exact: bool = False,
    chip: Optional[str] = None, chips: None = None,
    simulate: _Simulate = "auto", max_seconds: Optional[float] = None,
) -> ShapeAdvice: ...
@overload
def advise(
    cin: _Count, cout: _Count, config: None = None, jobs: _Count = 2,
    dtype: Optional[str] = None, kernel: Union[Tuple[_Count, _Count], str, None] = None,
    groups: Optional[_Count] = None, exact: bool = False,
    chip: None = None, *, chips: Union[Sequence[str], str],
    simulate: _Simulate = "auto", max_seconds: Optional[float] = None,
) -> FleetAdvice: ...
def affected(
    cin: _Count, cout: _Count, config: _ConfigArg = None, dtype: Optional[str] = None,
    kernel: Union[Tuple[_Count, _Count], str, None] = None, groups: Optional[_Count] = None,
    exact: bool = False, chip: Optional[str] = None,
    simulate: _Simulate = "auto", max_seconds: Optional[float] = None,
) -> bool: ...
@overload
def advise_model(
    model: _ModelArg, config: _ConfigArg = None, jobs: _Count = 2, dtype: _DtypeArg = None,
    exact: bool = False, chip: Optional[str] = None, chips: None = None,
    simulate: _Simulate = "auto", max_seconds: Optional[float] = None,
) -> ModelAdvice: ...
@overload
def advise_model(
    model: _ModelArg, config: None = None, jobs: _Count = 2, dtype: _DtypeArg = None,
    exact: bool = False, chip: None = None, *, chips: Union[Sequence[str], str],
    simulate: _Simulate = "auto", max_seconds: Optional[float] = None,
) -> FleetAdvice: ...
def needs_simulation(
    cin: Optional[_Count] = None, cout: Optional[_Count] = None, model: Optional[_ModelArg] = None,
    config: _ConfigArg = None, dtype: _DtypeArg = None,
    kernel: Union[Tuple[_Count, _Count], str, None] = None, groups: Optional[_Count] = None,
    exact: bool = False, chip: Optional[str] = None, chips: Union[Sequence[str], str, None] = None,
) -> bool: ...
def chips(device: Optional[str] = None) -> List[ChipInfo]: ...
def load_model(model: _ModelArg) -> LoadedModel: ...
def load_program(path: _Path, config: Optional[_ConfigArg] = None, chip: Optional[str] = None) -> CompiledProgram: ...
def variants() -> List[VariantInfo]: ...
def presets() -> List[str]: ...
