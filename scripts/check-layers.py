#!/usr/bin/env python3
"""Checks the layering docs/architecture.md describes, and prints the map it checked.

Two things are checked, and the script exits 1 if either fails:

1. No folder-level loop inside any target. A folder depends on another folder of the same
   target when one of its files names a type (struct, enum, class, actor, protocol or
   typealias) that the other folder declares. The folders and those edges must form a
   graph with no cycle. SwiftPM already refuses a loop between targets; this finds the
   loops the compiler allows inside one.
2. No target holds more than a quarter of the lines under Sources/ (a generous 27 %, so a
   target near the bound does not flip on one edit; the point is that no target becomes
   the whole program again).

The check reads names, not the compiler's symbol graph: a call to a method that an
extension in another folder adds is not seen unless the caller also names a type that
folder declares. It is a tripwire for the common case, cheap enough to run in CI.

usage: scripts/check-layers.py [--graph]   (--graph also prints every target's folder edges)
"""

import os
import re
import sys
from collections import defaultdict

SOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
LARGEST_SHARE = 0.27
# Top-level declarations only (no indentation): a nested type is named through its outer one.
DECLARATION = re.compile(
    r"^(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:package|public|internal|fileprivate|private|final"
    r"|indirect|open)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)",
    re.MULTILINE)
IDENTIFIER = re.compile(r"\b[A-Z][A-Za-z0-9_]*\b")


def code_only(text):
    """The source without comments and string literals, so a name in prose is not a use."""
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r"/\*(?:.|\n)*?\*/", "", text)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return text


def swift_files(target_dir):
    for root, _, names in os.walk(target_dir):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def folder_of(target_dir, path):
    relative = os.path.relpath(os.path.dirname(path), target_dir)
    return "." if relative == "." else relative.split(os.sep)[0]


def folder_graph(target_dir):
    """Edges folder -> {folder: [(file, name)]}, from type names each folder declares."""
    sources = {path: code_only(open(path, encoding="utf-8").read())
               for path in swift_files(target_dir)}
    declared_in = defaultdict(set)
    for path, code in sources.items():
        for name in DECLARATION.findall(code):
            declared_in[name].add(folder_of(target_dir, path))
    edges = defaultdict(lambda: defaultdict(list))
    for path, code in sources.items():
        here = folder_of(target_dir, path)
        for name in set(IDENTIFIER.findall(code)):
            folders = declared_in.get(name, set())
            if here in folders:
                continue  # a name declared here too (a nested type, say) resolves here first
            for there in folders:
                edges[here][there].append((os.path.basename(path), name))
    return edges


def cycles(edges):
    """Strongly connected components with more than one folder (Tarjan)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]
    nodes = set(edges) | {n for targets in edges.values() for n in targets}

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for successor in edges.get(node, {}):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return found


def line_count(target_dir):
    return sum(sum(1 for _ in open(path, encoding="utf-8")) for path in swift_files(target_dir))


def main():
    show_graph = "--graph" in sys.argv[1:]
    targets = sorted(name for name in os.listdir(SOURCES)
                     if os.path.isdir(os.path.join(SOURCES, name)))
    lines = {target: line_count(os.path.join(SOURCES, target)) for target in targets}
    total = sum(lines.values())
    failed = False
    print(f"{'target':<24}{'lines':>7}{'share':>8}  folders")
    for target in targets:
        target_dir = os.path.join(SOURCES, target)
        edges = folder_graph(target_dir)
        share = lines[target] / total
        loops = cycles(edges)
        folders = sorted({folder_of(target_dir, p) for p in swift_files(target_dir)})
        verdict = []
        if share > LARGEST_SHARE:
            verdict.append(f"more than {LARGEST_SHARE:.0%} of Sources/")
        for loop in loops:
            verdict.append("loop " + " <-> ".join(loop))
        print(f"{target:<24}{lines[target]:>7}{share:>8.1%}  {len(folders)}"
              + ("  FAIL: " + "; ".join(verdict) if verdict else ""))
        for loop in loops:
            for a in loop:
                for b in loop:
                    if b in edges.get(a, {}):
                        uses = edges[a][b][:3]
                        print(f"    {a} -> {b}: " + ", ".join(f"{f} names {n}" for f, n in uses))
        if show_graph:
            for a in sorted(edges):
                print(f"    {a} -> " + ", ".join(sorted(edges[a])))
        failed = failed or bool(verdict)
    print(f"{'all':<24}{total:>7}")
    if failed:
        print("check-layers: the layering docs/architecture.md describes does not hold", file=sys.stderr)
        return 1
    print("check-layers: no folder loop in any target; no target above "
          f"{LARGEST_SHARE:.0%} of Sources/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
