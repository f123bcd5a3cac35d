#!/usr/bin/env python3
"""Regenerates test/fixtures/parity/data/real-schemas.json: the input schemas MCP-Bench's Python servers
publish, derived from their own source the way FastMCP derives them.

    python3 scripts/mcp-bench-parity-schemas.py /work/.mirror/Accenture+mcp-bench/repo

The argument is a bare git directory of github.com/Accenture/mcp-bench (or a checkout). Its HEAD's
mcp_servers/ is exported to a temporary directory and imported from there; nothing of MCP-Bench is copied
into this repository, only the schemas. FastMCP itself is not installable here (Debian packages only), so a
stand-in `FastMCP` class records each function that `@mcp.tool()` / `@mcp.tool` / `@app.tool(name=…)`
registers, and each schema is built as the `mcp` SDK's `func_metadata` builds it: one pydantic model with a
field per parameter (its annotation, `Annotated[…, Field(…)]` metadata and default), an unannotated parameter
typed `{"type": "string"}`, then `model_json_schema()`. Modules a server imports that are not installed
(httpx, bs4, …) are stand-ins too: the tool signatures never use them.

Python packages: Debian's python3-pydantic (2.x), python3-numpy and python3-sympy (the Scientific
Computing server imports them at module level).
"""
import importlib
import importlib.abc
import importlib.machinery
import inspect
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import types
from typing import Annotated, Any

import pydantic
from pydantic import Field, WithJsonSchema, create_model
from pydantic_core import PydanticUndefined

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'test', 'fixtures', 'parity', 'data', 'real-schemas.json')

# fixture name -> (directory under mcp_servers/, sys.path entries under it, module to import[, factory to call])
SERVERS = {
    'medical-calculator': ('medcalc', ['.'], 'medcalc.__main__'),
    'scientific-computing': ('scientific_computation_mcp', ['src'], 'server'),
    'unit-converter': ('unit-converter-mcp', ['src'], 'unit_converter_mcp.server'),
    'fruityvice': ('fruityvice-mcp', ['.'], 'server'),
    'call-for-papers': ('call-for-papers-mcp', ['call-for-papers-mcp-main'], 'server'),
    'car-price-evaluator': ('car-price-mcp-main', ['.'], 'server'),
    'movie-recommender': ('movie-recommender-mcp', ['movie-reccomender-mcp'], 'server'),
    'game-trends': ('game-trends-mcp', ['.'], 'server'),
    'osint-intelligence': ('mcp-osint-server', ['mcp_osint_server/mcp_osint_server'], 'main'),
    'nasa-data': ('nasa-mcp', ['src'], 'nasa_mcp.server'),
    'paper-search': ('paper-search-mcp', ['.'], 'paper_search_mcp.server'),
    'wikipedia': ('wikipedia-mcp', ['.'], 'wikipedia_mcp.server', 'create_server'),
    'bibliomantic': ('bibliomantic-mcp-server', ['.'], 'bibliomantic_server'),
    'weather': ('weather_mcp', ['.'], 'server'),
    'reddit': ('mcp-reddit', ['src'], 'mcp_reddit.reddit_fetcher'),
    'nixos': ('mcp-nixos', ['.'], 'mcp_nixos.server'),
}

REGISTRY: dict[str, Any] = {}


def record(name: str, fn: Any) -> None:
    # The mcp SDK's ToolManager keeps the first tool of a name and warns about the second (medcalc
    # defines bmi_bsa_calculator twice).
    REGISTRY.setdefault(name, fn)


class FastMCP:
    """Records registered tools; everything else is a no-op."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def tool(self, *args: Any, **kwargs: Any) -> Any:
        def register(fn: Any) -> Any:
            record(kwargs.get('name') or fn.__name__, fn)
            return fn
        if args and callable(args[0]):
            return register(args[0])
        return register

    def add_tool(self, fn: Any, *args: Any, **kwargs: Any) -> None:
        record(kwargs.get('name') or fn.__name__, fn)

    def __getattr__(self, name: str) -> Any:
        return lambda *a, **k: (lambda fn: fn) if not a or not callable(a[0]) else a[0]


class StandInType(type):
    """A stand-in class's class attributes are stand-in classes too (`ExtractFormat.WIKI`)."""

    def __getattr__(cls, name: str) -> Any:
        if name.startswith('__'):
            raise AttributeError(name)
        return stand_in(name)


def stand_in(name: str) -> Any:
    return StandInType(name, (), {'__init__': lambda self, *a, **k: None, '__call__': lambda self, *a, **k: None,
                                  '__getattr__': lambda self, n: None, '__class_getitem__': classmethod(lambda cls, item: cls)})


class Anything(types.ModuleType):
    """A module whose every attribute is a permissive stand-in class."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith('__'):
            raise AttributeError(name)
        return stand_in(name)


class StandIns(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a module that is not installed as an `Anything`, when a server's own file imports it (an
    installed package probing for an optional dependency still gets its ImportError)."""

    def __init__(self, root: str) -> None:
        self.root = root

    def imported_by_server(self) -> bool:
        frame = sys._getframe(2)
        while frame is not None:
            file = frame.f_code.co_filename
            if not file.startswith('<frozen') and 'importlib' not in file:
                return file.startswith(self.root)
            frame = frame.f_back
        return False

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if not self.imported_by_server():
            return None
        for finder in sys.meta_path:
            if finder is self:
                continue
            try:
                if finder.find_spec(name, path, target) is not None:
                    return None
            except Exception:
                continue
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec: Any) -> Any:
        module = Anything(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module: Any) -> None:
        pass


def install_fastmcp_stand_in() -> None:
    for name in ['mcp', 'mcp.server', 'mcp.server.fastmcp', 'fastmcp']:
        module = Anything(name)
        module.__path__ = []
        module.FastMCP = FastMCP
        sys.modules[name] = module
    sys.modules['mcp.server.fastmcp'].Context = type('Context', (), {})
    sys.modules['mcp.server.fastmcp'].Image = type('Image', (), {})
    sys.modules['fastmcp'].Context = type('Context', (), {})


def schema_of(fn: Any) -> dict:
    """The input schema FastMCP derives from a function's signature (mcp SDK `func_metadata`)."""
    fields: dict[str, Any] = {}
    for param in inspect.signature(fn).parameters.values():
        if param.name in ('self', 'ctx', 'context') or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        annotation = param.annotation
        if isinstance(annotation, type) and annotation.__name__ == 'Context':
            continue
        if annotation is inspect.Parameter.empty:
            annotation = Annotated[Any, Field(), WithJsonSchema({'title': param.name, 'type': 'string'})]
        elif annotation is None:
            annotation = Annotated[None, Field()]
        # No default in the signature leaves an `Annotated[…, Field(default=…)]` default in force.
        default = PydanticUndefined if param.default is inspect.Parameter.empty else param.default
        fields[param.name] = (annotation, default)
    model = create_model(f'{fn.__name__}Arguments', __config__=pydantic.ConfigDict(arbitrary_types_allowed=True), **fields)
    return model.model_json_schema(by_alias=True)


def export_mirror(path: str) -> tuple[str, str]:
    git_dir = path if os.path.exists(os.path.join(path, 'HEAD')) and not os.path.exists(os.path.join(path, '.git')) else os.path.join(path, '.git')
    commit = subprocess.run(['git', '--git-dir', git_dir, 'rev-parse', 'HEAD'], check=True, capture_output=True, text=True).stdout.strip()
    target = tempfile.mkdtemp(prefix='mcp-bench-parity-')
    listing = subprocess.run(['git', '--git-dir', git_dir, 'ls-tree', '-r', 'HEAD', 'mcp_servers'], check=True, capture_output=True, text=True).stdout
    for line in listing.splitlines():
        meta, file = line.split('\t', 1)
        blob = meta.split()[2]
        if not file.endswith(('.py', '.json')):
            continue
        data = subprocess.run(['git', '--git-dir', git_dir, 'cat-file', 'blob', blob], capture_output=True).stdout
        dest = os.path.join(target, file)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, 'wb') as out:
            out.write(data)
    return os.path.join(target, 'mcp_servers'), commit


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root, commit = export_mirror(sys.argv[1])
    install_fastmcp_stand_in()
    sys.meta_path.append(StandIns(root))
    result: dict[str, Any] = {'commit': commit, 'servers': {}}
    for fixture, (folder, paths, module, *factory) in SERVERS.items():
        REGISTRY.clear()
        saved_path, saved_modules = list(sys.path), set(sys.modules)
        sys.path[:0] = [os.path.join(root, folder, p) for p in paths]
        try:
            loaded = importlib.import_module(module)
            for name in factory:
                getattr(loaded, name)()
            tools = {name: schema_of(fn) for name, fn in REGISTRY.items()}
            result['servers'][fixture] = {'source': f'mcp_servers/{folder}', 'module': module, 'tools': tools}
            print(f'{fixture}: {len(tools)} tools', file=sys.stderr)
        except Exception as error:  # a server we cannot import is reported, not guessed
            print(f'{fixture}: not imported: {type(error).__name__}: {error}', file=sys.stderr)
        finally:
            sys.path[:] = saved_path
            # Forget the server's own modules (several are called `server`), keep installed packages.
            for name in set(sys.modules) - saved_modules:
                module = sys.modules[name]
                if isinstance(module, Anything) or (getattr(module, '__file__', None) or '').startswith(root):
                    del sys.modules[name]
    with open(OUT, 'w') as out:
        json.dump(result, out, indent=1, sort_keys=True)
        out.write('\n')


if __name__ == '__main__':
    main()
