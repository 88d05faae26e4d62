//! `ecsm report --html FILE`: the report as one self-contained page (inline CSS and SVG,
//! nothing loaded from the network, no scripts), readable offline and printable. The
//! markup is also well-formed XML, which the tests check with a strict parser.

use super::doc::{Block, Report, Table};
use super::svg::{bar_chart_svg, esc as escape};

const STYLE: &str = "
body { font-family: sans-serif; max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem;
       color: #1a1a1a; line-height: 1.4; }
h1 { margin-bottom: 0.2rem; }
.meta { color: #555; margin-top: 0; }
nav ol { columns: 2; }
section { border-top: 2px solid #ccc; margin-top: 2rem; }
h3 { margin-bottom: 0.3rem; }
p { margin: 0.35rem 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.8rem; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #ddd; padding: 0.15rem 0.4rem; white-space: nowrap; }
th { background: #f2f2f2; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
@media print {
  body { max-width: none; margin: 0; }
  nav { display: none; }
  section { break-before: page; border: none; }
  figure, table { break-inside: avoid; }
  .scroll { overflow: visible; }
}
";

/// The whole page.
pub fn report_html(r: &Report) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
    out.push_str(&format!("<title>{}</title>\n", escape(&r.title)));
    out.push_str(&format!("<style>{STYLE}</style>\n</head>\n<body>\n"));
    out.push_str(&format!("<h1>{}</h1>\n", escape(&r.title)));
    out.push_str(&format!(
        "<p class=\"meta\">ecsm {} on {}, field backend {}. Every figure below was measured in this run, beside the papers' (labelled as theirs).</p>\n",
        escape(&r.version),
        escape(&r.machine),
        escape(&r.backend)
    ));
    out.push_str("<nav><ol>\n");
    for s in &r.sections {
        out.push_str(&format!(
            "<li><a href=\"#{}\">{}</a></li>\n",
            escape(&s.id),
            escape(&s.title)
        ));
    }
    out.push_str("</ol></nav>\n");
    for s in &r.sections {
        out.push_str(&format!(
            "<section id=\"{}\">\n<h2>{}</h2>\n",
            escape(&s.id),
            escape(&s.title)
        ));
        for b in &s.blocks {
            match b {
                Block::Heading { text } => {
                    out.push_str(&format!("<h3>{}</h3>\n", escape(text)));
                }
                Block::Text { text } => {
                    out.push_str(&format!("<p>{}</p>\n", escape(text.trim())));
                }
                Block::Table(t) => out.push_str(&table_html(t)),
                Block::Chart(c) if c.has_data() => {
                    out.push_str(&format!("<figure>\n{}\n</figure>\n", bar_chart_svg(c)));
                }
                Block::Chart(_) => {}
            }
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn table_html(t: &Table) -> String {
    let mut out = String::from("<div class=\"scroll\"><table>\n<thead><tr>");
    for c in &t.columns {
        out.push_str(&format!("<th>{}</th>", escape(c)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for r in &t.rows {
        out.push_str("<tr>");
        for c in r {
            let class = if c.value.is_some() {
                " class=\"num\""
            } else {
                ""
            };
            out.push_str(&format!("<td{class}>{}</td>", escape(&c.text)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::doc::{BarChart, Cell, Section};
    use super::*;

    #[test]
    fn every_section_gets_an_anchor_table_and_figure() {
        let mut s = Section::new("seed001", "4. GLS254 <λ>");
        s.text("a & b");
        let mut t = Table::new(["m", "ns"]);
        t.row(vec![Cell::text("x"), Cell::num(2.0, 1)]);
        s.table(t);
        s.chart(
            BarChart::new("c", "ns", false)
                .categories(["x"])
                .series("ours", vec![Some(2.0)]),
        );
        s.chart(BarChart::new("empty", "ns", false));
        let r = Report {
            title: "ecsm report".into(),
            version: "0".into(),
            machine: "m".into(),
            backend: "b".into(),
            sections: vec![s],
        };
        let h = report_html(&r);
        assert!(h.contains("<section id=\"seed001\">"));
        assert!(h.contains("<h2>4. GLS254 &lt;λ&gt;</h2>"));
        assert!(h.contains("<p>a &amp; b</p>"));
        assert!(h.contains("<td class=\"num\">2.0</td>"));
        assert_eq!(
            h.matches("<figure>").count(),
            1,
            "a chart without data is left out"
        );
        assert!(!h.contains("<script"));
    }
}
