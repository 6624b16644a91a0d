//! The server's layers, checked by reading its source (docs/ARCHITECTURE.md):
//! - no import cycle between the top-level modules of server/src, nor between any of its modules
//!   (files) at any depth, but for the parents `PARENTS_USING_CHILDREN` names;
//! - nothing outside api/ uses `crate::api`;
//! - the faces under api/ never import each other;
//! - every query is in db/ (docs/ARCHITECTURE.md step 2), with the exceptions `QUERY_EXCEPTIONS` names.
//!
//! Test modules (`#[cfg(test)]` to the end of a file, or a file `#[cfg(test)] #[path]` names) are left
//! out: a test may reach anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its trailing test module.
fn code_of(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests").map_or(text, |at| &text[..at])
}

/// Every `crate::a::b` path in `code`, as ("a", "b").
fn crate_paths(code: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `mycrate::`
        }
        let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
        let first = ident(rest);
        let second = rest[first.len()..].strip_prefix("::").map(ident).unwrap_or_default();
        out.push((first, second));
    }
    out
}

struct Module {
    /// The top-level module: `api` for src/api/candidate/order.rs, `ids` for src/ids.rs.
    top: String,
    /// The face for files under api/<face>/.
    face: Option<String>,
    file: String,
    code: String,
}

fn modules() -> Vec<Module> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    // Test modules kept in files of their own (`#[cfg(test)] #[path = "x_tests.rs"] mod tests;`).
    let test_files: BTreeSet<PathBuf> = files
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            text.split("#[cfg(test)]\n#[path = \"")
                .skip(1)
                .filter_map(|rest| rest.split_once('"').map(|(name, _)| dir.join(name)))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(test_files.iter().any(|f| f.ends_with("captcha_attacks.rs")), "test files: {test_files:?}");
    files
        .into_iter()
        .filter(|path| !test_files.contains(path))
        .filter_map(|path| {
            let rel = path.strip_prefix(&src).ok()?.to_string_lossy().replace('\\', "/");
            // The binaries wire everything together; they sit above every layer.
            if rel == "main.rs" || rel == "lib.rs" || rel.starts_with("bin/") {
                return None;
            }
            let parts: Vec<&str> = rel.split('/').collect();
            let top = parts[0].trim_end_matches(".rs").to_string();
            let face = (top == "api" && parts.len() > 2).then(|| parts[1].to_string());
            let text = std::fs::read_to_string(&path).ok()?;
            Some(Module { top, face, file: rel, code: code_of(&text).to_string() })
        })
        .collect()
}

/// A cycle in `graph`, if there is one, as the modules along it.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

fn import_graph(modules: &[Module]) -> BTreeMap<String, BTreeSet<String>> {
    let tops: BTreeSet<String> = modules.iter().map(|m| m.top.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = tops.iter().map(|t| (t.clone(), BTreeSet::new())).collect();
    for m in modules {
        for (first, _) in crate_paths(&m.code) {
            if first != m.top && tops.contains(&first) {
                graph.entry(m.top.clone()).or_default().insert(first);
            }
        }
    }
    graph
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let graph = import_graph(&modules());
    assert!(graph.len() >= 8, "the source tree was not found: {graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle between server modules: {}", cycle.join(" -> "));
    }
}

/// A file's module path: `domain::pipeline` for domain/pipeline.rs, `db` for db/mod.rs.
fn module_path(file: &str) -> String {
    let path = file.trim_end_matches(".rs");
    path.strip_suffix("/mod").unwrap_or(path).replace('/', "::")
}

/// `code` without its `//` comments: a path a comment names is no import. A `//` inside a string
/// (after an odd number of quotes on its line) stays.
fn without_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    for line in code.lines() {
        let bytes = line.as_bytes();
        let (mut quoted, mut cut, mut i) = (false, line.len(), 0);
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 1,
                b'"' => quoted = !quoted,
                b'/' if !quoted && bytes.get(i + 1) == Some(&b'/') => {
                    cut = i;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
}

fn ident_at(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// The paths a use tree names, relative to where it starts, and where it ends: `a::{self, b::c}`
/// names `a` and `a::b::c`; `*` and `self` name the start itself.
fn use_tree(text: &str) -> (Vec<Vec<String>>, usize) {
    let start = text.len() - text.trim_start().len();
    let rest = &text[start..];
    if let Some(group) = rest.strip_prefix('{') {
        let mut paths = Vec::new();
        let mut at = 0;
        loop {
            at += group[at..].len() - group[at..].trim_start_matches(|c: char| c.is_whitespace() || c == ',').len();
            if group[at..].is_empty() || group[at..].starts_with('}') {
                return (paths, start + 1 + at + usize::from(!group[at..].is_empty()));
            }
            let (found, used) = use_tree(&group[at..]);
            paths.extend(found);
            at += used;
            // Past an `as` rename, to the next item.
            at += group[at..].find([',', '}']).unwrap_or(group.len() - at);
        }
    }
    let name = ident_at(rest);
    let after = &rest[name.len()..];
    if name.is_empty() || name == "self" {
        return (vec![Vec::new()], start + name.len());
    }
    match after.strip_prefix("::") {
        Some(tail) => {
            let (found, used) = use_tree(tail);
            (found.into_iter().map(|p| [vec![name.to_string()], p].concat()).collect(), start + name.len() + 2 + used)
        }
        None => (vec![vec![name.to_string()]], start + name.len()),
    }
}

/// Every path the code of `module` names through `crate::`, `super::`, `self::` or one of the
/// children it declares (`mod x;` then `x::…`), in full from the crate's root (braces expanded).
/// Declaring a child is no import; using its items is, as is a child using its parent's.
fn named_paths(module: &str, code: &str) -> Vec<Vec<String>> {
    let code = without_comments(code);
    let own: Vec<String> = module.split("::").map(str::to_string).collect();
    let children: BTreeSet<&str> = code
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("pub(crate) ").or_else(|| l.strip_prefix("pub ")).unwrap_or(l);
            l.strip_prefix("mod ").map(|m| m.trim()).and_then(|m| m.strip_suffix(';'))
        })
        .collect();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = code[at..].find("::") {
        let colons = at + found;
        at = colons + 2;
        let head_start = code[..colons].rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
        let head = &code[head_start..colons];
        if code[..head_start].ends_with(':') {
            continue; // the middle of a longer path
        }
        let mut tail = &code[at..];
        let base: Vec<String> = match head {
            "crate" => Vec::new(),
            "self" => own.clone(),
            "super" => {
                let mut base = own[..own.len().saturating_sub(1)].to_vec();
                while let Some(t) = tail.strip_prefix("super::") {
                    base.pop();
                    tail = t;
                }
                base
            }
            child if children.contains(child) => [own.clone(), vec![child.to_string()]].concat(),
            _ => continue,
        };
        out.extend(use_tree(tail).0.into_iter().map(|p| [base.clone(), p].concat()));
    }
    out
}

/// The imports between every module (a file): from each module to the module holding each path it
/// names (the longest prefix that is a module), with one such path as the evidence.
fn deep_import_graph(modules: &[Module]) -> BTreeMap<String, BTreeMap<String, String>> {
    let paths: BTreeSet<String> = modules.iter().map(|m| module_path(&m.file)).collect();
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = paths.iter().map(|p| (p.clone(), BTreeMap::new())).collect();
    for m in modules {
        let from = module_path(&m.file);
        for named in named_paths(&from, &m.code) {
            let target = (1..=named.len()).rev().map(|n| named[..n].join("::")).find(|p| paths.contains(p));
            if let (Some(to), Some(edges)) = (target.filter(|to| *to != from), graph.get_mut(&from)) {
                edges.entry(to).or_insert_with(|| named.join("::"));
            }
        }
    }
    graph
}

/// The graph without the edges from each of `parents` down to its own descendants.
fn without_edges_down(graph: &BTreeMap<String, BTreeMap<String, String>>, parents: &[&str]) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut graph = graph.clone();
    for parent in parents {
        if let Some(edges) = graph.get_mut(*parent) {
            edges.retain(|to, _| !to.starts_with(&format!("{parent}::")));
        }
    }
    graph
}

/// Every group of modules with a cycle through them (a strongly connected component of more than one
/// module, Tarjan's), each as one cycle of it with the path that makes each step.
fn cycles(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<String> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeMap<String, String>>,
        order: BTreeMap<&'g str, (usize, usize)>,
        stack: Vec<&'g str>,
        groups: Vec<Vec<&'g str>>,
    }
    fn visit<'g>(w: &mut Walk<'g>, node: &'g str) {
        let n = w.order.len();
        w.order.insert(node, (n, n));
        w.stack.push(node);
        for next in w.graph[node].keys() {
            let next = next.as_str();
            match w.order.get(next).copied() {
                None => {
                    visit(w, next);
                    let low = w.order[next].1.min(w.order[node].1);
                    w.order.get_mut(node).unwrap().1 = low;
                }
                Some((index, _)) if w.stack.contains(&next) => {
                    let low = index.min(w.order[node].1);
                    w.order.get_mut(node).unwrap().1 = low;
                }
                Some(_) => {}
            }
        }
        if w.order[node].0 == w.order[node].1 {
            let at = w.stack.iter().rposition(|m| *m == node).unwrap();
            let group = w.stack.split_off(at);
            if group.len() > 1 {
                w.groups.push(group);
            }
        }
    }
    let mut walk = Walk { graph, order: BTreeMap::new(), stack: Vec::new(), groups: Vec::new() };
    for node in graph.keys() {
        if !walk.order.contains_key(node.as_str()) {
            visit(&mut walk, node);
        }
    }
    walk.groups
        .iter()
        .map(|group| {
            let inside: BTreeMap<String, BTreeSet<String>> = group
                .iter()
                .map(|m| (m.to_string(), graph[*m].keys().filter(|to| group.contains(&to.as_str())).cloned().collect()))
                .collect();
            let cycle = find_cycle(&inside).unwrap_or_default();
            let steps: Vec<String> = cycle.windows(2).map(|s| format!("{} -> {} ({})", s[0], s[1], graph[&s[0]][&s[1]])).collect();
            format!("{} modules in a cycle, e.g. {}", group.len(), steps.join(", "))
        })
        .collect()
}

/// Modules whose own code uses their children while the children use items of theirs: a cycle at
/// depth each, not broken yet. Their edges down to their own descendants are left out of the deep
/// check; the rest of their edges count. This list only shrinks.
const PARENTS_USING_CHILDREN: &[(&str, &str)] = &[
    ("api", "mod.rs wires every face's routes, and every handler answers through its `ok`"),
    ("api::dev", "mod.rs routes the dev pages, which use its `dev_page` and `esc`"),
    ("db", "`connect` fills the companies' name keys (db::company), which reads through its DbConnection"),
    ("domain::resume_analysis", "mod.rs calls extract and fields, and extract uses its `Failure`"),
    ("domain::resume_analysis::extract", "mod.rs calls each format's reader, which use its `Failure`, `run_tool`, `TempFile`"),
    ("domain::resume_analysis::fields", "mod.rs calls basic, entries and options, which use its `re`, `cells`, `Block`, `Found`"),
    ("web", "mod.rs reads the session through web::extract, which uses its `is_https`"),
];

#[test]
fn no_import_cycle_at_any_depth() {
    let graph = deep_import_graph(&modules());
    assert!(graph.contains_key("domain::pipeline") && graph.contains_key("db"), "the source tree was not found: {:?}", graph.keys());
    let listed: Vec<&str> = PARENTS_USING_CHILDREN.iter().map(|(m, _)| *m).collect();
    let found = cycles(&without_edges_down(&graph, &listed));
    assert!(found.is_empty(), "import cycles between server modules:\n{}", found.join("\n"));
    let stale: Vec<&str> = listed
        .iter()
        .copied()
        .filter(|m| {
            let others: Vec<&str> = listed.iter().copied().filter(|o| o != m).collect();
            cycles(&without_edges_down(&graph, &others)).is_empty()
        })
        .collect();
    assert!(stale.is_empty(), "these close no cycle now; take them off PARENTS_USING_CHILDREN: {stale:?}");
}

#[test]
fn nothing_below_the_handlers_uses_them() {
    let offenders: Vec<String> = modules()
        .iter()
        .filter(|m| m.top != "api" && crate_paths(&m.code).iter().any(|(first, _)| first == "api"))
        .map(|m| m.file.clone())
        .collect();
    assert!(offenders.is_empty(), "`crate::api` used outside api/: {offenders:?}");
}

#[test]
fn faces_do_not_import_each_other() {
    let modules = modules();
    // The faces are api's folders; api's own files (mod.rs, operation.rs, openapi.rs) serve them all.
    let faces: BTreeSet<&String> = modules.iter().filter_map(|m| m.face.as_ref()).collect();
    assert!(faces.len() >= 5, "{faces:?}");
    let mut offenders = Vec::new();
    for m in &modules {
        let Some(face) = &m.face else { continue };
        for (first, second) in crate_paths(&m.code) {
            if first == "api" && &second != face && faces.contains(&second) {
                offenders.push(format!("{} uses crate::api::{second}", m.file));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:?}");
}

/// What only a query needs: the schema's tables, diesel's query traits, raw SQL, or a write.
const QUERY_MARKS: &[&str] = &[
    "db::schema",
    "diesel::prelude",
    "RunQueryDsl",
    "QueryDsl",
    "sql_query",
    "insert_into",
    "diesel::update(",
    "diesel::delete(",
];

/// Where a query may stand outside db/, and why.
const QUERY_EXCEPTIONS: &[(&str, &str)] = &[
    ("search/", "the indexes read their rows in bulk, by updated_at turns, with their own column lists"),
    ("cli/", "the seed and bulk generators write demo and benchmark data in batches"),
];

fn query_marks(code: &str) -> Vec<&'static str> {
    QUERY_MARKS.iter().copied().filter(|mark| code.contains(mark)).collect()
}

#[test]
fn queries_live_in_db() {
    let mut offenders = Vec::new();
    for m in modules() {
        if m.top == "db" || QUERY_EXCEPTIONS.iter().any(|(prefix, _)| m.file.starts_with(prefix)) {
            continue;
        }
        let marks = query_marks(&m.code);
        if !marks.is_empty() {
            offenders.push(format!("{}: {marks:?}", m.file));
        }
    }
    assert!(offenders.is_empty(), "queries outside db/ (move them to the table's module): {offenders:?}");
}

#[test]
fn the_checker_sees_a_cycle_and_an_upward_import() {
    // The checks above must be able to fail: a made-up tree with a cycle and an upward use.
    let fake = |file: &str, code: &str| Module {
        top: file.split('/').next().unwrap_or_default().trim_end_matches(".rs").to_string(),
        face: None,
        file: file.to_string(),
        code: code.to_string(),
    };
    let tree = vec![
        fake("db/mod.rs", "use crate::domain::x;"),
        fake("domain/mod.rs", "use crate::db::y; use crate::api::jobs;"),
        fake("api/mod.rs", "use crate::db::z; // notcrate::x"),
    ];
    let cycle = find_cycle(&import_graph(&tree)).expect("a cycle");
    assert_eq!(cycle.first(), cycle.last());
    assert!(cycle.contains(&"db".to_string()) && cycle.contains(&"domain".to_string()), "{cycle:?}");
    assert_eq!(crate_paths("x mycrate::a crate::b::c"), vec![("b".to_string(), "c".to_string())]);
    assert_eq!(query_marks("use crate::db::schema::jobs; jobs::table.load(c)"), vec!["db::schema"]);
    assert!(query_marks("db::job::list(c, company)").is_empty());
    assert_eq!(code_of("a\n#[cfg(test)]\nmod tests { crate::api }"), "a\n");

    // The deep check: a cycle below the top level, through a child's `super::super` and a parent's use
    // of its declared child, which the top-level check cannot see.
    let deep = vec![
        fake("domain/mod.rs", "pub mod a;\npub mod b;"),
        fake("domain/a.rs", "use crate::domain::{b::{self, Thing as T}, x};"),
        fake("domain/b/mod.rs", "mod c;\npub fn f() { c::g() } // crate::db::nothing"),
        fake("domain/b/c.rs", "use super::super::a::X;"),
        fake("db/mod.rs", "pub fn url() -> &'static str { \"postgres://x\" }"),
    ];
    assert!(find_cycle(&import_graph(&deep)).is_none());
    let graph = deep_import_graph(&deep);
    assert!(graph["domain"].is_empty(), "declaring children is no import: {graph:?}");
    assert!(graph["domain::b"].keys().eq(["domain::b::c"]), "{graph:?}");
    let found = cycles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("3 modules in a cycle") && found[0].contains("domain::b::c -> domain::a (domain::a::X)"), "{found:?}");
    assert!(cycles(&without_edges_down(&graph, &["domain::b"])).is_empty());
    assert_eq!(module_path("db/mod.rs"), "db");
    assert_eq!(module_path("domain/resume_analysis/fields/basic.rs"), "domain::resume_analysis::fields::basic");
    let paths = named_paths("db::job", "use crate::db::{self, schema::{jobs, users as u}};\nuse super::x; self::y; Self::z");
    let want: Vec<Vec<String>> = [&["db"][..], &["db", "schema", "jobs"], &["db", "schema", "users"], &["db", "x"], &["db", "job", "y"]]
        .iter()
        .map(|p| p.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(paths, want);
}
