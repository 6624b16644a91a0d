//! The server's layers, checked by reading its source (docs/ARCHITECTURE.md):
//! - no import cycle between the top-level modules of server/src;
//! - nothing outside api/ uses `crate::api`;
//! - the faces under api/ never import each other;
//! - every query is in db/ (docs/ARCHITECTURE.md step 2), with the exceptions `QUERY_EXCEPTIONS` names.
//!
//! Test modules (`#[cfg(test)]` to the end of a file) are left out: a test may reach anything.

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
    files
        .into_iter()
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
    let mut offenders = Vec::new();
    for m in modules() {
        let Some(face) = &m.face else { continue };
        for (first, second) in crate_paths(&m.code) {
            if first == "api" && !second.is_empty() && &second != face && second != "ok" {
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

/// Files that still hold queries of their own; issue 31 moves them into db/, and this list only shrinks.
const QUERIES_NOT_YET_MOVED: &[&str] = &[
    "domain/admin.rs",
    "domain/assessment.rs",
    "domain/hiring_funnel.rs",
    "domain/interview.rs",
    "domain/pipeline.rs",
    "domain/talent_pipeline.rs",
];

fn query_marks(code: &str) -> Vec<&'static str> {
    QUERY_MARKS.iter().copied().filter(|mark| code.contains(mark)).collect()
}

#[test]
fn queries_live_in_db() {
    let mut offenders = Vec::new();
    let mut moved = Vec::new();
    for m in modules() {
        if m.top == "db" || QUERY_EXCEPTIONS.iter().any(|(prefix, _)| m.file.starts_with(prefix)) {
            continue;
        }
        let marks = query_marks(&m.code);
        let listed = QUERIES_NOT_YET_MOVED.contains(&m.file.as_str());
        if !marks.is_empty() && !listed {
            offenders.push(format!("{}: {marks:?}", m.file));
        } else if marks.is_empty() && listed {
            moved.push(m.file);
        }
    }
    assert!(offenders.is_empty(), "queries outside db/ (move them to the table's module): {offenders:?}");
    assert!(moved.is_empty(), "these hold no query now; take them off QUERIES_NOT_YET_MOVED: {moved:?}");
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
}
