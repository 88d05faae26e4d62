//! The report as data: sections of text, tables and bar charts, built once and rendered
//! as text (stdout), JSON (`--json`) or a self-contained HTML page (`--html FILE`), so
//! that the three show the same numbers.

use serde::{Serialize, Serializer};

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub title: String,
    /// `ecsm` version that measured it.
    pub version: String,
    /// CPU model of this machine.
    pub machine: String,
    /// Field-arithmetic backend of the run.
    pub backend: String,
    pub sections: Vec<Section>,
}

/// One numbered section of the report (a seed, or the field arithmetic).
#[derive(Clone, Debug, Serialize)]
pub struct Section {
    /// Stable identifier, as `--only` spells it: `fields`, `seed003`, …
    pub id: String,
    pub title: String,
    pub blocks: Vec<Block>,
}

/// A piece of a section, in reading order.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Block {
    /// A sub-heading (a table's name, say).
    Heading {
        text: String,
    },
    /// A sentence or paragraph: protocol, a note, why ours differ.
    Text {
        text: String,
    },
    Table(Table),
    Chart(BarChart),
}

/// A table: a header and rows of cells.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

/// A table cell: its printed text, and its value when it is a number (JSON gets the
/// number, text and HTML the text).
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub text: String,
    pub value: Option<f64>,
}

/// One bar per category in a series.
#[derive(Clone, Debug, Serialize)]
pub struct Series {
    /// Legend entry, e.g. "ours" or "paper (Haswell)".
    pub name: String,
    /// One value per category; None = no bar (not measured, or not in the paper).
    pub values: Vec<Option<f64>>,
}

/// A grouped bar chart: a group of bars per category, a bar per series.
#[derive(Clone, Debug, Serialize)]
pub struct BarChart {
    pub title: String,
    /// Label of the value axis, with its unit.
    pub y_label: String,
    pub categories: Vec<String>,
    pub series: Vec<Series>,
    /// Logarithmic value axis, for values that span decades.
    pub log_y: bool,
}

impl Cell {
    /// A text cell.
    pub fn text(s: impl Into<String>) -> Self {
        Cell {
            text: s.into(),
            value: None,
        }
    }

    /// A number printed with `decimals` decimals; NaN and infinities print as `-` and
    /// carry no value.
    pub fn num(v: f64, decimals: usize) -> Self {
        Self::num_with(v, decimals, "")
    }

    /// A number followed by a unit or sign such as `%`.
    pub fn num_with(v: f64, decimals: usize, suffix: &str) -> Self {
        Self::finite(v, |v| format!("{v:.decimals$}{suffix}"))
    }

    /// A signed percentage, `+1.2%`.
    pub fn signed_pct(v: f64, decimals: usize) -> Self {
        Self::finite(v, |v| format!("{v:+.decimals$}%"))
    }

    /// `v` printed by `show`, or `-` without a value when it is NaN or infinite.
    fn finite(v: f64, show: impl FnOnce(f64) -> String) -> Self {
        if v.is_finite() {
            Cell {
                text: show(v),
                value: Some(v),
            }
        } else {
            Cell::text("-")
        }
    }

    /// [`Cell::num`] of a value that may be missing (`-`).
    pub fn opt(v: Option<f64>, decimals: usize) -> Self {
        v.map_or_else(|| Cell::text("-"), |v| Cell::num(v, decimals))
    }

    /// An integer count.
    pub fn int(v: u64) -> Self {
        Cell {
            text: v.to_string(),
            value: Some(v as f64),
        }
    }

    /// An empty cell (a column that does not apply to the row).
    pub fn empty() -> Self {
        Cell::text("")
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.value {
            Some(v) => s.serialize_f64(v),
            None => s.serialize_str(&self.text),
        }
    }
}

impl Table {
    /// An empty table with these column headers.
    pub fn new<S: Into<String>>(columns: impl IntoIterator<Item = S>) -> Self {
        Table {
            columns: columns.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Append a row (missing cells print empty; extra ones are kept).
    pub fn row(&mut self, cells: Vec<Cell>) {
        self.rows.push(cells);
    }
}

impl Section {
    pub fn new(id: &str, title: impl Into<String>) -> Self {
        Section {
            id: id.to_string(),
            title: title.into(),
            blocks: Vec::new(),
        }
    }

    pub fn heading(&mut self, text: impl Into<String>) {
        self.blocks.push(Block::Heading { text: text.into() });
    }

    pub fn text(&mut self, text: impl Into<String>) {
        self.blocks.push(Block::Text { text: text.into() });
    }

    pub fn table(&mut self, t: Table) {
        self.blocks.push(Block::Table(t));
    }

    pub fn chart(&mut self, c: BarChart) {
        self.blocks.push(Block::Chart(c));
    }
}

impl BarChart {
    /// A chart with no series yet.
    pub fn new(title: impl Into<String>, y_label: impl Into<String>, log_y: bool) -> Self {
        BarChart {
            title: title.into(),
            y_label: y_label.into(),
            categories: Vec::new(),
            series: Vec::new(),
            log_y,
        }
    }

    /// Set the categories.
    pub fn categories<S: Into<String>>(mut self, c: impl IntoIterator<Item = S>) -> Self {
        self.categories = c.into_iter().map(Into::into).collect();
        self
    }

    /// Add a series (one value per category).
    pub fn series(mut self, name: impl Into<String>, values: Vec<Option<f64>>) -> Self {
        self.series.push(Series {
            name: name.into(),
            values,
        });
        self
    }

    /// Whether any bar would be drawn.
    pub fn has_data(&self) -> bool {
        self.series
            .iter()
            .any(|s| s.values.iter().any(|v| v.is_some_and(f64::is_finite)))
    }
}

/// The report as text: section titles underlined, tables aligned (numeric columns to
/// the right), charts left out (their numbers are in the tables).
pub fn section_text(s: &Section) -> String {
    let mut out = String::new();
    out.push_str(&s.title);
    out.push('\n');
    out.push_str(&"-".repeat(s.title.chars().count()));
    out.push('\n');
    for b in &s.blocks {
        match b {
            Block::Heading { text } => {
                out.push('\n');
                out.push_str(text);
                out.push('\n');
            }
            Block::Text { text } => {
                out.push_str(text);
                out.push('\n');
            }
            Block::Table(t) => out.push_str(&table_text(t)),
            Block::Chart(_) => {}
        }
    }
    out
}

/// A table as aligned text, indented by two spaces.
pub fn table_text(t: &Table) -> String {
    let ncols = t
        .rows
        .iter()
        .map(Vec::len)
        .chain([t.columns.len()])
        .max()
        .unwrap_or(0);
    let cell = |r: &[Cell], j: usize| r.get(j).map_or("", |c| c.text.as_str()).to_string();
    let header = |j: usize| t.columns.get(j).cloned().unwrap_or_default();
    let width = |j: usize| {
        t.rows
            .iter()
            .map(|r| cell(r, j).chars().count())
            .chain([header(j).chars().count()])
            .max()
            .unwrap_or(0)
    };
    // A column is numeric, and right-aligned, when every non-empty cell is a number or `-`.
    let numeric = |j: usize| {
        t.rows
            .iter()
            .any(|r| r.get(j).is_some_and(|c| c.value.is_some()))
            && t.rows.iter().all(|r| {
                r.get(j)
                    .is_none_or(|c| c.value.is_some() || c.text.is_empty() || c.text == "-")
            })
    };
    let widths: Vec<usize> = (0..ncols).map(width).collect();
    let right: Vec<bool> = (0..ncols).map(numeric).collect();
    let line = |cells: Vec<String>| {
        let mut l = String::from(" ");
        for (j, c) in cells.iter().enumerate() {
            let pad = widths[j].saturating_sub(c.chars().count());
            l.push(' ');
            if right[j] {
                l.push_str(&" ".repeat(pad));
                l.push_str(c);
            } else {
                l.push_str(c);
                l.push_str(&" ".repeat(pad));
            }
        }
        format!("{}\n", l.trim_end())
    };
    let mut out = line((0..ncols).map(header).collect());
    for r in &t.rows {
        out.push_str(&line((0..ncols).map(|j| cell(r, j)).collect()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_columns_align_right_and_text_left() {
        let mut t = Table::new(["method", "M"]);
        t.row(vec![Cell::text("a"), Cell::num(1.5, 1)]);
        t.row(vec![Cell::text("longer"), Cell::num(123.25, 2)]);
        let s = table_text(&t);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "  method      M");
        assert_eq!(lines[1], "  a         1.5");
        assert_eq!(lines[2], "  longer 123.25");
    }

    #[test]
    fn missing_numbers_print_a_dash_and_serialize_as_text() {
        assert_eq!(Cell::num(f64::NAN, 2).text, "-");
        assert_eq!(Cell::opt(None, 1).value, None);
        let j = serde_json::to_string(&vec![Cell::num(2.5, 1), Cell::text("x")]).unwrap();
        assert_eq!(j, "[2.5,\"x\"]");
        assert_eq!(Cell::signed_pct(-3.25, 1).text, "-3.2%");
    }

    #[test]
    fn a_chart_with_only_missing_values_has_no_data() {
        let c = BarChart::new("t", "y", false)
            .categories(["a"])
            .series("s", vec![None]);
        assert!(!c.has_data());
        assert!(c.clone().series("t", vec![Some(1.0)]).has_data());
    }
}
