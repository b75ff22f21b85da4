"""Every engine package follows one template, so a rule of any game is one hop away:
``engine.py`` holds the contract class, ``coach.py`` the decisions (depending on the rules,
never the reverse), ``README.md`` the rules as implemented."""

import ast
from pathlib import Path

import pytest

import engines
from engines import ENGINES, get_engine

ENGINES_DIR = Path(engines.__file__).parent


def package_imports(key: str) -> dict[str, set[str]]:
    """Each module of the package -> the modules of the same package it imports, at any level
    (``if TYPE_CHECKING`` too: a circle for the type checker is still a circle)."""
    prefix = f"engines.{key}"
    graph: dict[str, set[str]] = {}
    for path in sorted((ENGINES_DIR / key).glob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(prefix):
                if node.module == prefix:  # from engines.key import match, coach
                    names.update(alias.name for alias in node.names)
                else:
                    names.add(node.module.removeprefix(prefix + ".").split(".")[0])
            elif isinstance(node, ast.Import):
                names.update(
                    a.name.removeprefix(prefix + ".").split(".")[0] for a in node.names if a.name.startswith(prefix)
                )
        graph[path.stem] = names - {path.stem}
    return graph


def reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph.get(start, ()))
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph.get(module, ()))
    return seen


@pytest.mark.parametrize("key", ENGINES)
def test_the_engine_class_lives_in_engine_py(key):
    assert type(get_engine(key)).__module__ == f"engines.{key}.engine"
    assert (ENGINES_DIR / key / "README.md").is_file()


@pytest.mark.parametrize("key", ENGINES)
def test_no_module_of_the_package_imports_itself_back(key):
    graph = package_imports(key)
    assert "coach" in graph and ("match" in graph or "rules" in graph)
    circles = sorted(module for module in graph if module in reaches(graph, module))
    assert circles == [], f"engines.{key}: import circle through {circles}"


@pytest.mark.parametrize("key", ENGINES)
def test_the_rules_do_not_depend_on_the_coach(key):
    graph = package_imports(key)
    rules = "rules" if "rules" in graph else "match"
    assert "coach" not in reaches(graph, rules) | {rules}


def test_the_import_graph_sees_a_circle():
    """The check itself: a coach⇄match circle like Mutant's before the move is found."""
    graph = {"match": {"coach", "board"}, "coach": {"match"}, "board": set()}
    assert reaches(graph, "match") == {"coach", "board", "match"}
    assert "match" not in reaches({"match": {"board"}, "board": set()}, "match")
