#!/usr/bin/env python3
"""Seeded random device trees and /plugin/ overlays for the overlay tests.

    ovlgen.py gen SEED COUNT OUT   cases OUT/c000 ... (see below)
    ovlgen.py canon A.dts B.dts .. each pair the same with phandles named?
                                   (dtc -s outputs; prints the pairs that
                                   differ, exits 1 if one does)

Each case directory holds base.dts, o1.dts .. oN.dts (1-4 overlays, to be
applied in turn) and plan, one line per overlay: "oK apply" or "oK refuse
depth" (a node it adds would nest past FDT_DEPTH_MAX, 16 with the root:
extload refuses it, libfdt has no such limit, so the comparison leaves
it out), and "conflict" when some overlay node with a phandle lands on a
node of the tree that has one. There dtc 1.8.1's libfdt keeps the
tree's phandle and maps the overlay's references to it, while Debian's
1.6.1 moves the node to the overlay's phandle; oK.want.dts is then the
same overlay written so that 1.6.1 gives 1.8.1's tree: the node
unlabelled (so no phandle), its references through a label it already
had in the tree, its symbol written by hand into __symbols__. The
phandles of the overlay's other nodes are numbered differently then, so
such cases compare after `canon`: each phandle replaced by the path of
its node in every ref-* property (the only properties holding them).

What the overlays do: labels, <&label> references within and across
fragments, to the base and to labels an earlier overlay defined;
fragments by target (&label), by target-path (&{/path}, to the base's
nodes, an earlier overlay's, and nodes an earlier fragment of the same
overlay added) and by an alias of /aliases as target-path (alone or
with a child under it); labels on existing nodes (a new phandle on a
node that had none, or the conflict above); properties replaced and
added, nodes merged and added.
"""
import os
import random
import re
import sys

NAMES = ["dev", "bus", "uart", "i2c", "gpio", "mmc", "spi", "clk", "port",
         "ctl", "pin", "dma", "irq", "phy", "led", "key"]
DEPTH_MAX = 16                   # firmware/fdt/fdt.h FDT_DEPTH_MAX


class Node:
    def __init__(self, name, parent):
        self.name, self.parent = name, parent
        self.children = {}       # name -> Node, in order
        self.props = []          # property names
        self.labels = []
        self.ph = False          # has a phandle in the tree

    def path(self):
        if self.parent is None:
            return "/"
        p = self.parent.path()
        return (p if p != "/" else "") + "/" + self.name

    def depth(self):             # the root is 1
        return 1 if self.parent is None else 1 + self.parent.depth()

    def walk(self):
        yield self
        for c in list(self.children.values()):
            yield from c.walk()

    def copy(self, parent=None):
        n = Node(self.name, parent)
        n.props, n.labels, n.ph = list(self.props), list(self.labels), self.ph
        for k, c in self.children.items():
            n.children[k] = c.copy(n)
        return n


def base_names(node):
    return {k.split("@")[0] for k in node.children}


def new_child_name(rng, node):
    used = base_names(node)
    free = [n for n in NAMES if n not in used] or ["x%d" % len(used)]
    n = rng.choice(free)
    if rng.random() < 0.4:
        n += "@%x" % rng.randrange(1, 0x10000)
    return n


def value(rng, kind):
    if kind == "v":
        return "<%s>" % " ".join(str(rng.randrange(0x10000, 0x7fffffff))
                                 for _ in range(rng.randrange(1, 4)))
    if kind == "s":
        return '"%s"' % "".join(rng.choice("abcdefgh-,.") for _ in
                                range(rng.randrange(0, 24)))
    return None                  # "e": empty


class Case:
    def __init__(self, rng):
        self.rng = rng
        self.nlabel = 0
        self.labels = {}         # label -> Node (in the model tree)
        self.aliases = {}        # alias -> Node
        self.conflict = False
        self.feats = set()       # what the applied overlays did

    # ---- the base -------------------------------------------------------
    def base(self):
        rng = self.rng
        root = Node("", None)
        self.root = root
        text = {}                # Node -> [prop lines]
        deep = rng.random() < 0.15
        todo = [(root, 0)]
        total = 0
        while todo:
            node, d = todo.pop()
            text[node] = []
            for i in range(rng.randrange(0, 4)):
                kind = rng.choice("vse")
                name = "%s-%d" % (kind, i)
                node.props.append(name)
                v = value(rng, kind)
                text[node].append(name + (" = " + v if v else "") + ";")
            if node is not root and rng.random() < 0.5:
                self.label(node, "b")
            limit = 4 if not deep else 15
            nkids = rng.randrange(1, 4) if d == 0 else rng.randrange(0, 3)
            if deep and d < limit and not node.children:
                nkids = max(nkids, 1)
            total += nkids
            for _ in range(nkids if d < limit and total < 60 else 0):
                c = Node(new_child_name(rng, node), node)
                node.children[c.name] = c
                todo.append((c, d + 1))
        nodes = [n for n in root.walk() if n is not root]
        labelled = [l for l in self.labels]
        for n in rng.sample(nodes, min(len(nodes), rng.randrange(0, 4))):
            if labelled:
                refs = rng.sample(labelled, rng.randrange(1, min(3, len(labelled)) + 1))
                name = "ref-b%d" % len(n.props)
                n.props.append(name)
                text[n].append("%s = <%s>;" % (name, " ".join("&" + r for r in refs)))
        alias_lines = []
        for i in range(rng.randrange(0, 4)):
            n = rng.choice(nodes)
            a = "alias%d" % i
            self.aliases[a] = n
            if n.labels and rng.random() < 0.5:
                alias_lines.append("%s = &%s;" % (a, n.labels[0]))
            else:
                alias_lines.append('%s = "%s";' % (a, n.path()))
        out = ["/dts-v1/;", ""]
        self.emit(root, text, out, 0)
        if alias_lines:
            al = Node("aliases", root)
            al.props = list(self.aliases)
            root.children["aliases"] = al
            out.insert(-1, "\taliases { %s };" % " ".join(alias_lines))
        return "\n".join(out) + "\n"

    def label(self, node, prefix):
        name = "%s%d" % (prefix, self.nlabel)
        self.nlabel += 1
        node.labels.append(name)
        node.ph = True
        self.labels[name] = node
        return name

    def emit(self, node, text, out, ind):
        pad = "\t" * ind
        head = (node.labels[0] + ": " if node.labels else "") + \
            (node.name or "/")
        out.append(pad + head + " {")
        for line in text[node]:
            out.append(pad + "\t" + line)
        for c in node.children.values():
            self.emit(c, text, out, ind + 1)
        out.append(pad + "};")

    # ---- an overlay -----------------------------------------------------
    def snapshot(self):
        return (self.root.copy(), {l: n.path() for l, n in self.labels.items()},
                {a: n.path() for a, n in self.aliases.items()}, self.nlabel)

    def restore(self, snap):
        self.root = snap[0]
        by_path = {n.path(): n for n in self.root.walk()}
        self.labels = {l: by_path[p] for l, p in snap[1].items()}
        self.aliases = {a: by_path[p] for a, p in snap[2].items()}
        self.nlabel = snap[3]

    def overlay(self):
        """Overlay's text (and its 1.6.1 form when it differs) and its
        expected verdict; the model updated when it applies."""
        rng = self.rng
        snap = self.snapshot()
        self.pre = set(id(n) for n in self.root.walk())
        self.pre_ph = set(id(n) for n in self.root.walk() if n.ph)
        self.local = {}          # label defined here -> Node
        self.relabelled = set()  # pre-existing nodes labelled here
        self.replace = {}        # conflict label -> (tree label, symbol)
        self.too_deep = False
        self.did = set()
        frags = []               # (head, body items)
        nauto = 0
        for f in range(rng.randrange(1, 5)):
            kind = rng.choice(["label", "path", "path", "alias", "root"])
            target, head = self.pick_target(kind)
            if target is None:
                target, head = self.root, "&{/}"
            if head.startswith("afrag"):
                fpath = "/" + head.split()[0]
            else:
                fpath = "/fragment@%d" % nauto
                nauto += 1
            body = self.body(target, 0, fpath + "/__overlay__", "")
            frags.append((head, body))
        # The values, now that every label of the overlay is known.
        refs = sorted(self.local) + sorted(l for l, n in self.labels.items()
                                           if l not in self.local and
                                           id(n) in self.pre_ph)
        todo = [it for _, body in frags for it in body]
        while todo:
            it = todo.pop(0)
            if it[0] == "prop":
                kind = it[1][0]
                if kind == "r" and not refs:
                    it[1] = "v" + it[1][1:]
                    kind = "v"
                if kind == "r":
                    got = [rng.choice(refs) for _ in range(rng.randrange(1, 3))]
                    it[2] = "<%s>" % " ".join("&" + r for r in got)
                    for r in got:
                        self.did.add("ref-local" if r in self.local else
                                     "ref-earlier-overlay" if r[0] == "o"
                                     else "ref-base")
                else:
                    it[2] = value(rng, kind)
            else:
                todo += it[3]
        texts = []
        for oracle in (False, True):
            out = ["/dts-v1/;", "/plugin/;", ""]
            syms = []
            for head, body in frags:
                lines = self.render(body, oracle, syms)
                if head.startswith("afrag"):
                    name, tp = head.split()
                    out.append('/ { %s { target-path = "%s"; __overlay__ {'
                               % (name, tp))
                    out += lines
                    out.append("}; }; };")
                else:
                    out.append(head + " {")
                    out += lines
                    out.append("};")
            if syms:
                out.append("/ { __symbols__ { %s }; };" % " ".join(syms))
            texts.append("\n".join(out) + "\n")
        if self.too_deep:
            self.restore(snap)
            return texts[0], None, "refuse depth"
        if self.replace:
            self.conflict = True
        self.feats |= self.did
        return texts[0], texts[1] if self.replace else None, "apply"

    def pick_target(self, kind):
        rng = self.rng
        nodes = [n for n in self.root.walk() if n.name != "aliases"]
        if kind == "label":
            ls = [l for l, n in self.labels.items() if n.ph and
                  l not in self.local and id(n) in self.pre_ph]
            if ls:
                l = rng.choice(ls)
                self.did.add("target-label-earlier-overlay" if l[0] == "o"
                             else "target-label-base")
                return self.labels[l], "&" + l
        if kind == "path":
            n = rng.choice(nodes)
            self.did.add("target-path" if id(n) in self.pre else
                         "target-path-added-here")
            return n, "&{%s}" % n.path()
        if kind == "alias" and self.aliases:
            a = rng.choice(sorted(self.aliases))
            n = self.aliases[a]
            kids = [c for c in n.children.values()]
            if kids and rng.random() < 0.4:
                c = rng.choice(kids)
                self.did.add("target-alias-child")
                return c, "afrag-%d %s/%s" % (rng.randrange(1000), a, c.name)
            self.did.add("target-alias")
            return n, "afrag-%d %s" % (rng.randrange(1000), a)
        return None, None

    def body(self, node, d, opath, rel):
        """A merge into node: [(kind, ...)] items; node's model updated."""
        rng = self.rng
        items = []
        used = set()             # one block names a property, a node once
        for _ in range(rng.randrange(0, 4)):
            if node.props and rng.random() < 0.3:
                name = rng.choice(node.props)
                if name.startswith("ref-"):
                    name = "v-r%d" % rng.randrange(100)
            else:
                name = "%s-o%d" % (rng.choice("vser"), rng.randrange(1000))
            if name in used or "ref-" + name[2:] in used:
                continue
            used.add(name if name[0] != "r" else "ref-" + name[2:])
            if name not in node.props:
                node.props.append(name)
            items.append(["prop", name, None])
        for _ in range(rng.randrange(0, 3) if d < 3 else 0):
            kids = [c for c in node.children.values() if c.name not in used
                    and c.name != "aliases"]   # its values are paths
            if kids and rng.random() < 0.4:
                c = rng.choice(kids)
            else:
                c = Node(new_child_name(rng, node), node)
                node.children[c.name] = c
            used.add(c.name)
            if c.depth() > DEPTH_MAX:
                self.too_deep = True
            label = None
            existed = id(c) in self.pre
            if rng.random() < 0.4 and id(c) not in self.relabelled and \
                    not (c.labels and not existed and
                         any(l in self.local for l in c.labels)):
                label = self.label(c, "o%d_" % len(self.local))
                self.local[label] = c
                if existed:
                    self.relabelled.add(id(c))
                    self.did.add("label-existing-with-phandle"
                                 if id(c) in self.pre_ph else
                                 "label-existing-without-phandle")
                if existed and id(c) in self.pre_ph:
                    old = [l for l in c.labels if l not in self.local]
                    self.replace[label] = (old[0], opath + rel + "/" + c.name)
            sub = self.body(c, d + 1, opath, rel + "/" + c.name)
            items.append(("node", c.name, label, sub))
        return items

    def render(self, items, oracle, syms):
        lines = []
        for it in items:
            if it[0] == "prop":
                name, v = it[1], it[2]
                if name[0] == "r":
                    name = "ref-" + name[2:]
                if oracle and v:
                    v = re.sub(r"&([A-Za-z0-9_]+)", lambda m: "&" +
                               self.replace.get(m.group(1), (m.group(1),))[0], v)
                lines.append(name + (" = " + v if v else "") + ";")
            else:
                _, name, label, sub = it
                if oracle and label in self.replace:
                    syms.append('%s = "%s";' % (label, self.replace[label][1]))
                    label = None
                lines.append((label + ": " if label else "") + name + " {")
                lines += self.render(sub, oracle, syms)
                lines.append("};")
        return lines


def gen(seed, count, out):
    for i in range(count):
        # each case from its own seed: one can be made again alone
        rng = random.Random("%d/%d" % (seed, i))
        c = Case(rng)
        d = os.path.join(out, "c%03d" % i)
        os.makedirs(d, exist_ok=True)
        files = {"base.dts": c.base()}
        plan = []
        for k in range(1, rng.randrange(1, 5) + 1):
            text, oracle, verdict = c.overlay()
            files["o%d.dts" % k] = text
            if oracle:
                files["o%d.want.dts" % k] = oracle
            plan.append("o%d %s" % (k, verdict))
        if c.conflict:
            plan.append("conflict")
        plan += ["feat " + f for f in sorted(c.feats)]
        files["plan"] = "\n".join(plan) + "\n"
        for name, text in files.items():
            with open(os.path.join(d, name), "w") as f:
                f.write(text)


def canon(path):
    """The dtc -s text at path, each phandle replaced by its node's path
    in the ref-* properties, phandle properties by &self."""
    lines = open(path).read().split("\n")
    stack, ph = [], {}
    for ln in lines:
        s = ln.strip()
        if s.endswith("{"):
            stack.append(s[:-1].strip())
        elif s == "};":
            stack.pop()
        m = re.match(r"phandle = <(0x[0-9a-f]+)>;", s)
        if m:
            ph[int(m.group(1), 16)] = "/".join(stack[1:])
    out = []
    for ln in lines:
        s = ln.strip()
        if re.match(r"phandle = <", s):
            ln = ln.split("=")[0] + "= <&self>;"
        elif re.match(r"ref-[^ ]* = <", s):
            cells = re.findall(r"0x[0-9a-f]+", s.split("=", 1)[1])
            ln = ln.split("=")[0] + "= <%s>;" % " ".join(
                "&/" + ph[int(c, 16)] if int(c, 16) in ph else "&?" + c
                for c in cells)
        out.append(ln)
    return "\n".join(out)


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        bad = [(a, b) for a, b in zip(sys.argv[2::2], sys.argv[3::2])
               if canon(a) != canon(b)]
        for a, b in bad:
            print("%s %s: a different tree (phandles named by their nodes)"
                  % (a, b))
        sys.exit(1 if bad else 0)
