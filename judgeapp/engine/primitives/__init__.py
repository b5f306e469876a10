"""The effect primitives, one module per family; importing this package registers them all
(every module of the package, so a new family is one new file)."""
import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
    importlib.import_module(f"{__name__}.{_info.name}")

from .. import duel  # noqa: F401,E402  (the duel primitive lives with the duel procedure)
