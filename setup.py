"""The build step pyproject.toml cannot say: the rules reference ships inside the package.

docs/rules.md is the one source (the README links it, people read it on GitHub); building the
package copies it to ginscore/rules.md in the build, where ``ginscore rules --doc`` finds it
(a checkout or an editable install reads docs/rules.md itself). tests/system/test_package.py
builds a wheel and holds the shipped copy equal to docs/rules.md.
"""

import os

from setuptools import setup
from setuptools.command.build_py import build_py

RULES = os.path.join("docs", "rules.md")


class BuildWithRules(build_py):
    def run(self):
        super().run()
        if not self.editable_mode:
            self.copy_file(RULES, os.path.join(self.build_lib, "ginscore", "rules.md"), preserve_mode=False)

    def get_outputs(self, include_bytecode=True):
        outputs = super().get_outputs(include_bytecode)
        return outputs if self.editable_mode else [*outputs, os.path.join(self.build_lib, "ginscore", "rules.md")]


setup(cmdclass={"build_py": BuildWithRules})
