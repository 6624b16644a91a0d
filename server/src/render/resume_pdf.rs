//! The resume as an A4 PDF (`GET /ajax/resume/pdf`, api/candidate/resume_pdf.rs), drawn here (krilla) with
//! Noto Sans CJK SC. Only the glyphs used are embedded (krilla subsets the font), so a resume
//! stays small. Section, field and option names come from core-wasm's labels.json, in the
//! language asked for (zh-CN by default).

use std::sync::OnceLock;

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::Fill;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use serde_json::Value;
use skrifa::charmap::Charmap;
use skrifa::instance::{LocationRef, Size as FontSize};
use skrifa::metrics::GlyphMetrics;
use skrifa::raw::TableProvider;
use skrifa::{FontRef, MetadataProvider};

use crate::db::resume_view::ResumeView;
use crate::error::{ApiError, ApiResult};
use core_wasm::resume::{self as rules, Kind, Widget};

const LABELS: &str = core_wasm::resume::LABELS;

/// Where Debian's fonts-noto-cjk puts the face; PDF_FONT (path, optionally `path#index`) overrides.
const FONT_CANDIDATES: &[&str] = &[
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
];
/// Noto Sans CJK SC in the collection (0 JP, 1 KR, 2 SC, 3 TC, 4 HK).
const SC_INDEX: u32 = 2;

struct PdfFont {
    data: &'static [u8],
    index: u32,
    font: Font,
}

/// The font, read once (about 19 MB) and kept for the life of the process.
fn pdf_font() -> Option<&'static PdfFont> {
    static FONT: OnceLock<Option<PdfFont>> = OnceLock::new();
    FONT.get_or_init(|| {
        let (path, index) = match std::env::var("PDF_FONT") {
            Ok(v) if !v.is_empty() => match v.rsplit_once('#') {
                Some((p, i)) => (p.to_string(), i.parse().unwrap_or(0)),
                None => (v, 0),
            },
            _ => (FONT_CANDIDATES.iter().find(|p| std::path::Path::new(p).is_file())?.to_string(), SC_INDEX),
        };
        let bytes = std::fs::read(&path).map_err(|e| tracing::error!(%path, error = %e, "PDF font")).ok()?;
        let data: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        FontRef::from_index(data, index).ok()?;
        let font = Font::new(data.into(), index)?;
        Some(PdfFont { data, index, font })
    })
    .as_ref()
}

fn labels() -> &'static Value {
    static L: OnceLock<Value> = OnceLock::new();
    L.get_or_init(|| serde_json::from_str(LABELS).unwrap_or(Value::Null))
}

const A4: (f32, f32) = (595.28, 841.89);
const MARGIN_X: f32 = 50.0;
const MARGIN_TOP: f32 = 48.0;
const MARGIN_BOTTOM: f32 = 50.0;
const BODY: f32 = 10.0;
const LINE: f32 = 15.5;
const TEXT: (u8, u8, u8) = (29, 33, 41);
const MUTED: (u8, u8, u8) = (110, 118, 130);
const BRAND: (u8, u8, u8) = (22, 119, 255);

enum Op {
    Text { x: f32, y: f32, size: f32, text: String, color: (u8, u8, u8) },
    Rect { x: f32, y: f32, w: f32, h: f32, color: (u8, u8, u8) },
    Image { x: f32, y: f32, w: f32, h: f32, jpeg: Vec<u8> },
}

/// One line of the layout: what it draws, relative to its top, and its height.
struct Line {
    ops: Vec<Op>,
    height: f32,
}

struct Measure {
    charmap: Charmap<'static>,
    metrics: GlyphMetrics<'static>,
    upem: f32,
}

impl Measure {
    fn new(font: &PdfFont) -> Option<Self> {
        let f = FontRef::from_index(font.data, font.index).ok()?;
        Some(Measure {
            charmap: f.charmap(),
            metrics: f.glyph_metrics(FontSize::unscaled(), LocationRef::default()),
            upem: f32::from(f.head().ok()?.units_per_em()),
        })
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| self.charmap.map(c).and_then(|g| self.metrics.advance_width(g)).unwrap_or(self.upem / 2.0))
            .sum::<f32>()
            * size
            / self.upem
    }

    /// Greedy wrapping; a break inside a run of Latin letters moves back to the last space.
    fn wrap(&self, text: &str, width: f32, size: f32) -> Vec<String> {
        let mut out = Vec::new();
        for para in text.split('\n') {
            let chars: Vec<char> = para.chars().collect();
            if chars.is_empty() {
                out.push(String::new());
                continue;
            }
            let mut start = 0;
            while start < chars.len() {
                let mut end = start;
                let mut w = 0.0;
                while end < chars.len() {
                    let cw = self.width(&chars[end].to_string(), size);
                    if w + cw > width && end > start {
                        break;
                    }
                    w += cw;
                    end += 1;
                }
                if end < chars.len() && chars[end].is_ascii_alphanumeric() {
                    if let Some(space) = (start + 1..end).rev().find(|&i| chars[i] == ' ') {
                        end = space + 1;
                    }
                }
                out.push(chars[start..end].iter().collect::<String>().trim_end().to_string());
                start = end;
            }
        }
        out
    }
}

fn text_line(x: f32, size: f32, text: impl Into<String>, color: (u8, u8, u8), height: f32) -> Line {
    Line { ops: vec![Op::Text { x, y: size, size, text: text.into(), color }], height }
}

struct Pages {
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl Pages {
    fn new() -> Self {
        Pages { pages: vec![Vec::new()], y: MARGIN_TOP }
    }

    fn bottom() -> f32 {
        A4.1 - MARGIN_BOTTOM
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = MARGIN_TOP;
    }

    /// Places lines; a block that fits on one page is never split (it moves to the next page whole).
    fn place(&mut self, lines: Vec<Line>, keep_together: bool) {
        let total: f32 = lines.iter().map(|l| l.height).sum();
        if keep_together && self.y + total > Self::bottom() && total <= Self::bottom() - MARGIN_TOP {
            self.new_page();
        }
        for line in lines {
            if self.y + line.height > Self::bottom() {
                self.new_page();
            }
            let y0 = self.y;
            if let Some(page) = self.pages.last_mut() {
                for op in line.ops {
                    page.push(match op {
                        Op::Text { x, y, size, text, color } => Op::Text { x, y: y + y0, size, text, color },
                        Op::Rect { x, y, w, h, color } => Op::Rect { x, y: y + y0, w, h, color },
                        Op::Image { x, y, w, h, jpeg } => Op::Image { x, y: y + y0, w, h, jpeg },
                    });
                }
            }
            self.y += line.height;
        }
    }
}

struct Writer<'a> {
    m: &'a Measure,
    lang: &'a str,
}

impl Writer<'_> {
    fn label(&self, path: &[&str]) -> String {
        let mut node = &labels()[self.lang];
        for p in path {
            node = &node[*p];
        }
        node.as_str().map_or_else(|| path.last().copied().unwrap_or("").to_string(), str::to_string)
    }

    fn field_label(&self, section: &str, field: &str) -> String {
        if section == "resumeFile" || section == "attachment" {
            return self.label(&["section", section]);
        }
        self.label(&["field", section, field])
    }

    fn shown(&self, field: &rules::Field, value: &Value) -> String {
        match (field.widget, value) {
            (_, Value::Array(items)) => items.iter().filter_map(Value::as_str).collect::<Vec<_>>().join("、"),
            (Widget::Select(list), Value::String(s)) if !s.is_empty() => self.label(&["opt", list, s]),
            (Widget::MonthOrNow, Value::String(s)) if s == "now" => self.now(),
            (_, Value::String(s)) => s.clone(),
            _ => String::new(),
        }
    }

    fn now(&self) -> String {
        if self.lang == "en-US" { "Present".into() } else { "至今".into() }
    }

    fn colon(&self) -> &'static str {
        if self.lang == "en-US" { ": " } else { "：" }
    }

    fn paragraph(&self, text: &str, x: f32, size: f32, color: (u8, u8, u8)) -> Vec<Line> {
        let width = A4.0 - MARGIN_X - x;
        self.m.wrap(text, width, size).into_iter().map(|l| text_line(x, size, l, color, LINE)).collect()
    }

    /// Every filled field but those skipped: short ones as "label：value", texts as a label line and paragraphs.
    fn fields(&self, section: &rules::Section, values: &Value, skip: &[&str]) -> Vec<Line> {
        let mut lines = Vec::new();
        for f in section.fields.iter().filter(|f| !skip.contains(&f.name)) {
            let text = self.shown(f, &values[f.name]);
            if text.is_empty() {
                continue;
            }
            let label = format!("{}{}", self.field_label(section.name, f.name), self.colon());
            if f.widget == Widget::Text {
                lines.push(text_line(MARGIN_X, BODY, label, MUTED, LINE));
                lines.extend(self.paragraph(&text, MARGIN_X, BODY, TEXT));
            } else {
                let lw = self.m.width(&label, BODY);
                let mut first = true;
                for l in self.m.wrap(&text, A4.0 - 2.0 * MARGIN_X - lw, BODY) {
                    let mut ops = Vec::new();
                    if first {
                        ops.push(Op::Text { x: MARGIN_X, y: BODY, size: BODY, text: label.clone(), color: MUTED });
                        first = false;
                    }
                    ops.push(Op::Text { x: MARGIN_X + lw, y: BODY, size: BODY, text: l, color: TEXT });
                    lines.push(Line { ops, height: LINE });
                }
            }
        }
        lines
    }

    fn section_title(&self, name: &str) -> Vec<Line> {
        vec![
            Line { ops: vec![], height: 8.0 },
            Line {
                ops: vec![
                    Op::Rect { x: MARGIN_X, y: 1.0, w: 3.0, h: 14.0, color: BRAND },
                    Op::Text { x: MARGIN_X + 9.0, y: 12.5, size: 12.5, text: self.label(&["section", name]), color: TEXT },
                ],
                height: 22.0,
            },
        ]
    }

    fn entry_head(&self, section: &rules::Section, values: &Value) -> (Line, Vec<&'static str>) {
        let (main, sub): (&str, Option<&str>) = match section.name {
            "work" => ("company", Some("jobTitle")),
            "education" => ("school", Some("major")),
            "language" => ("language", Some("test")),
            "training" => ("programme", Some("institution")),
            "project" => ("name", Some("position")),
            "skill" => ("name", Some("level")),
            "certificate" => ("name", Some("institution")),
            "reference" => ("name", Some("relationship")),
            _ => ("title", None),
        };
        let value = |n: &str| section.fields.iter().find(|f| f.name == n).map(|f| self.shown(f, &values[n])).unwrap_or_default();
        let mut ops = vec![Op::Text { x: MARGIN_X, y: 11.0, size: 11.0, text: value(main), color: TEXT }];
        let mut x = MARGIN_X + self.m.width(&value(main), 11.0) + 10.0;
        if let Some(sub) = sub {
            let s = value(sub);
            ops.push(Op::Text { x, y: 11.0, size: BODY, text: s.clone(), color: MUTED });
            x += self.m.width(&s, BODY);
        }
        let start = values["start"].as_str().unwrap_or("");
        let end = values["end"].as_str().unwrap_or("");
        let when = match (start, end) {
            ("", _) => values["date"].as_str().unwrap_or("").to_string(),
            (s, "") => s.to_string(),
            (s, "now") => format!("{s} – {}", self.now()),
            (s, e) => format!("{s} – {e}"),
        };
        let ww = self.m.width(&when, 9.0);
        if !when.is_empty() && A4.0 - MARGIN_X - ww > x + 8.0 {
            ops.push(Op::Text { x: A4.0 - MARGIN_X - ww, y: 11.0, size: 9.0, text: when, color: MUTED });
        }
        let mut skip = vec![main, "start", "end"];
        skip.extend(sub);
        if section.name == "certificate" {
            skip.push("date");
        }
        (Line { ops, height: 18.0 }, skip)
    }

    fn layout(&self, resume: &ResumeView, photo: Option<Vec<u8>>) -> Pages {
        let mut pages = Pages::new();
        let basic = resume.sections.get("basic").cloned().unwrap_or(Value::Null);
        let basic_section = rules::section("basic");
        let text = |k: &str| basic[k].as_str().unwrap_or("").to_string();
        let head_fields = ["gender", "birthday", "city", "workSince", "education", "careerStatus"];
        let contact_fields = ["mobile", "telephone", "email"];
        let mut head = vec![text_line(MARGIN_X, 22.0, text("name"), TEXT, 32.0)];
        head.push(text_line(MARGIN_X, BODY, resume.title.clone(), MUTED, LINE));
        if let Some(s) = basic_section {
            let facts: Vec<String> = head_fields
                .iter()
                .filter_map(|n| s.fields.iter().find(|f| f.name == *n))
                .map(|f| self.shown(f, &basic[f.name]))
                .filter(|v| !v.is_empty())
                .collect();
            head.extend(self.paragraph(&facts.join(" | "), MARGIN_X, BODY, TEXT));
        }
        let contact: Vec<String> = contact_fields.iter().map(|n| text(n)).filter(|v| !v.is_empty()).collect();
        head.extend(self.paragraph(&contact.join(" | "), MARGIN_X, BODY, TEXT));
        if let Some(jpeg) = photo {
            if let Some(first) = head.first_mut() {
                first.ops.push(Op::Image { x: A4.0 - MARGIN_X - 72.0, y: 0.0, w: 72.0, h: 96.0, jpeg });
            }
            let used: f32 = head.iter().map(|l| l.height).sum();
            if used < 100.0 {
                head.push(Line { ops: vec![], height: 100.0 - used });
            }
        }
        head.push(Line { ops: vec![Op::Rect { x: MARGIN_X, y: 4.0, w: A4.0 - 2.0 * MARGIN_X, h: 1.5, color: BRAND }], height: 10.0 });
        pages.place(head, true);

        for s in rules::SECTIONS {
            match s.kind {
                Kind::Files => {}
                Kind::Single => {
                    let Some(values) = resume.sections.get(s.name).filter(|v| v.is_object()) else { continue };
                    let skip: Vec<&str> = if s.name == "basic" {
                        let mut v = vec!["title", "name"];
                        v.extend(head_fields);
                        v.extend(contact_fields);
                        v
                    } else {
                        Vec::new()
                    };
                    let mut body = if s.name == "pasted" || s.name == "skillsText" {
                        self.paragraph(values["text"].as_str().unwrap_or(""), MARGIN_X, BODY, TEXT)
                    } else {
                        self.fields(s, values, &skip)
                    };
                    if body.is_empty() {
                        continue;
                    }
                    // The title stays with the first lines.
                    let rest = body.split_off(body.len().min(3));
                    let mut first = self.section_title(s.name);
                    first.extend(body);
                    pages.place(first, true);
                    pages.place(rest, false);
                }
                Kind::List => {
                    let Some(list) = resume.sections.get(s.name).and_then(Value::as_array).filter(|l| !l.is_empty()) else { continue };
                    for (i, entry) in list.iter().enumerate() {
                        let values = &entry["data"];
                        let (head, skip) = self.entry_head(s, values);
                        let mut lines = if i == 0 { self.section_title(s.name) } else { vec![Line { ops: vec![], height: 6.0 }] };
                        lines.push(head);
                        lines.extend(self.fields(s, values, &skip));
                        // Entries are kept whole: a page break falls between them, not through one.
                        pages.place(lines, true);
                    }
                }
            }
        }
        pages
    }
}

fn fill(color: (u8, u8, u8)) -> Fill {
    Fill { paint: rgb::Color::new(color.0, color.1, color.2).into(), opacity: NormalizedF32::ONE, rule: Default::default() }
}

fn render(font: &PdfFont, pages: Pages) -> ApiResult<Vec<u8>> {
    let mut document = Document::new();
    for ops in pages.pages {
        let settings = PageSettings::from_wh(A4.0, A4.1).ok_or_else(|| ApiError::internal("page size"))?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text { x, y, size, text, color } => {
                    if text.is_empty() {
                        continue;
                    }
                    surface.set_fill(Some(fill(color)));
                    surface.draw_text(Point::from_xy(x, y), font.font.clone(), size, &text, false, TextDirection::Auto);
                }
                Op::Rect { x, y, w, h, color } => {
                    let mut pb = PathBuilder::new();
                    if let Some(rect) = Rect::from_xywh(x, y, w, h) {
                        pb.push_rect(rect);
                    }
                    if let Some(path) = pb.finish() {
                        surface.set_fill(Some(fill(color)));
                        surface.draw_path(&path);
                    }
                }
                Op::Image { x, y, w, h, jpeg } => {
                    if let (Ok(image), Some(size)) = (Image::from_jpeg(jpeg.into(), true), Size::from_wh(w, h)) {
                        surface.push_transform(&Transform::from_translate(x, y));
                        surface.draw_image(image, size);
                        surface.pop();
                    }
                }
            }
        }
        surface.finish();
        page.finish();
    }
    document.finish().map_err(|e| ApiError::internal(format!("pdf: {e:?}")))
}

/// The resume drawn in `lang` ("zh-CN" or "en-US"), with the photo's bytes when it has one.
pub fn resume_pdf(resume_view: &ResumeView, photo: Option<Vec<u8>>, lang: &str) -> ApiResult<Vec<u8>> {
    let font = pdf_font().ok_or(ApiError::PdfUnavailable)?;
    let m = Measure::new(font).ok_or(ApiError::PdfUnavailable)?;
    let pages = Writer { m: &m, lang }.layout(resume_view, photo);
    render(font, pages)
}
