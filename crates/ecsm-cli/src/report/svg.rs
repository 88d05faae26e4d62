//! Grouped bar charts rendered as self-contained SVG for the HTML report.
//!
//! The output uses no scripts, fonts, stylesheets or images, so it can be
//! inlined into an HTML page or saved as a `.svg` file unchanged. Text widths
//! are estimated (no font metrics are available), so layout is deliberately
//! generous rather than tight.

use super::doc::{BarChart, Series};

const WIDTH: f64 = 760.0;
const PLOT_HEIGHT: f64 = 300.0;
const FONT: f64 = 12.0;
const TITLE_FONT: f64 = 16.0;
const RIGHT_MARGIN: f64 = 16.0;
/// Category-label rotation (degrees) used when labels do not fit side by side.
const SLANT_DEG: f64 = 35.0;
/// Longest label (in characters) drawn before truncation, to bound the height.
const MAX_LABEL_CHARS: usize = 40;
/// Beyond this magnitude a linear axis (tick * count) could overflow to ∞.
const MAX_MAGNITUDE: f64 = 1e300;
/// Thin dark outline, so that light bars stay visible on white paper.
const OUTLINE: &str = r##"stroke="#333" stroke-width="0.5""##;
/// Colours ordered so that neighbouring series also differ in lightness
/// (greyscale luma 0.12, 0.67, 0.34, 0.91, 0.24, 0.56, 0.78, 0.44).
const PALETTE: [&str; 8] = [
    "#08224a", "#f0a030", "#c0282d", "#fff07a", "#4b2a80", "#45b87a", "#a6d0ef", "#a84f86",
];

/// Renders `chart` as one `<svg>` element. Never panics; charts without any
/// drawable value yield a small SVG saying "no data".
pub fn bar_chart_svg(chart: &BarChart) -> String {
    let log = chart.log_y;
    let value = |s: &Series, i: usize| usable(s.values.get(i).copied().flatten(), log);
    let present: Vec<f64> = (0..chart.categories.len())
        .flat_map(|i| chart.series.iter().filter_map(move |s| value(s, i)))
        .collect();
    if present.is_empty() {
        return no_data_svg(&chart.title);
    }
    let axis = Axis::new(&present, log);

    // Legend rows under the title, wrapped to the chart width.
    let mut legend = String::new();
    let (mut lx, mut ly) = (RIGHT_MARGIN, 44.0);
    for (j, s) in chart.series.iter().enumerate() {
        let name = truncate(&s.name, 60);
        let item_w = 16.0 + text_width(&name, FONT) + 18.0;
        if lx > RIGHT_MARGIN && lx + item_w > WIDTH - RIGHT_MARGIN {
            lx = RIGHT_MARGIN;
            ly += 18.0;
        }
        let (x, y, fill) = (n(lx), n(ly - 10.0), color(j));
        legend +=
            &format!(r#"<rect x="{x}" y="{y}" width="12" height="12" fill="{fill}" {OUTLINE}/>"#);
        let (x, y) = (n(lx + 16.0), n(ly));
        legend += &format!("<text x=\"{x}\" y=\"{y}\">{}</text>\n", esc(&name));
        lx += item_w;
    }
    let plot_top = ly + 20.0;

    // Left margin: rotated y label, then the widest tick label.
    let tick_w = widest(axis.ticks.iter().map(|(_, l)| l));
    let mut left = 30.0 + tick_w + 8.0;
    let labels: Vec<String> = chart
        .categories
        .iter()
        .map(|c| truncate(c, MAX_LABEL_CHARS))
        .collect();
    let label_w = widest(&labels);
    let n_cat = labels.len() as f64;
    let mut group_w = (WIDTH - left - RIGHT_MARGIN) / n_cat;
    let slanted = label_w > group_w - 4.0;
    if slanted {
        // A label anchored at its end and slanted leftwards must not leave the image.
        let first_w = labels.first().map_or(0.0, |l| text_width(l, FONT));
        left = left.max(SLANT_DEG.to_radians().cos() * first_w + 4.0);
        group_w = (WIDTH - left - RIGHT_MARGIN) / n_cat;
    }
    let (angle, label_font, label_area) = label_layout(slanted, label_w, group_w);
    let plot_w = WIDTH - left - RIGHT_MARGIN;
    let bottom = plot_top + PLOT_HEIGHT;
    let height = bottom + label_area + 8.0;
    let y_of = |v: f64| bottom - axis.frac(v) * PLOT_HEIGHT;

    let mut out = svg_open(height, &chart.title);
    out += &legend;
    for (t, label) in &axis.ticks {
        let y = bottom - axis.frac_of_t(*t) * PLOT_HEIGHT;
        let (x1, x2, y, label_x, label_y) =
            (n(left), n(left + plot_w), n(y), n(left - 6.0), n(y + 4.0));
        out += &format!(r##"<line x1="{x1}" y1="{y}" x2="{x2}" y2="{y}" stroke="#ddd"/>"##);
        out += &format!(
            r#"<text x="{label_x}" y="{label_y}" text-anchor="end">{}</text>"#,
            esc(label)
        );
        out.push('\n');
    }
    let y_mid = plot_top + PLOT_HEIGHT / 2.0;
    let (y, y_label) = (n(y_mid), esc(&truncate(&chart.y_label, 40)));
    out += &format!(
        r#"<text x="16" y="{y}" text-anchor="middle" transform="rotate(-90 16 {y})">{y_label}</text>"#
    );
    out.push('\n');

    // Bars start at zero (linear) or at the bottom decade (log).
    let base_y = bottom - axis.base_frac() * PLOT_HEIGHT;
    let n_series = chart.series.len().max(1) as f64;
    let bar_w = group_w * 0.8 / n_series;
    // On very thin bars the outline would hide the fill colour.
    let outline = if bar_w >= 4.0 { OUTLINE } else { "" };
    for (i, (category, label)) in chart.categories.iter().zip(&labels).enumerate() {
        let group_x = left + i as f64 * group_w;
        for (j, s) in chart.series.iter().enumerate() {
            let Some(v) = value(s, i) else { continue };
            let y = y_of(v);
            let x = n(group_x + group_w * 0.1 + j as f64 * bar_w);
            let (top, w, h, fill) = (n(y.min(base_y)), n(bar_w), n((y - base_y).abs()), color(j));
            out += &format!(
                r#"<rect class="bar" x="{x}" y="{top}" width="{w}" height="{h}" fill="{fill}" {outline}>"#
            );
            let tip = format!("{} — {}: {}", esc(category), esc(&s.name), fmt_sig(v));
            out += &format!("<title>{tip}</title></rect>\n");
        }
        let cx = group_x + group_w / 2.0;
        let ly = bottom + 6.0 + label_font;
        out += &if angle == 0.0 {
            format!(r#"<text x="{}" y="{}" text-anchor="middle">"#, n(cx), n(ly))
        } else {
            // Rotate about the label's end, which sits under the group centre.
            let (x, y, size) = (n(cx + label_font / 3.0), n(ly), n(label_font));
            let rotate = format!("rotate(-{angle} {x} {y})");
            format!(
                r#"<text x="{x}" y="{y}" text-anchor="end" font-size="{size}" transform="{rotate}">"#
            )
        };
        out += &format!("{}</text>\n", esc(label));
    }
    // Axis lines drawn last so bars do not cover them.
    let (l, r, top, bot, base) = (n(left), n(left + plot_w), n(plot_top), n(bottom), n(base_y));
    out += &format!(r##"<line x1="{l}" y1="{top}" x2="{l}" y2="{bot}" stroke="#333"/>"##);
    out += &format!(r##"<line x1="{l}" y1="{base}" x2="{r}" y2="{base}" stroke="#333"/>"##);
    out += "\n</svg>\n";
    out
}

/// Category labels: rotation angle (degrees), font size, and the height they
/// need under the plot. Slanted labels overlap once neighbours are closer than
/// a line height measured perpendicular to the text; then go vertical, and
/// shrink the font if even that is too crowded.
fn label_layout(slanted: bool, label_w: f64, group_w: f64) -> (f64, f64, f64) {
    if !slanted {
        return (0.0, FONT, FONT + 10.0);
    }
    let (angle, font) = if group_w * SLANT_DEG.to_radians().sin() >= FONT * 1.25 {
        (SLANT_DEG, FONT)
    } else {
        (90.0, FONT.min(group_w / 1.25))
    };
    let a = f64::to_radians(angle);
    let area = a.sin() * label_w * font / FONT + a.cos() * font + 14.0;
    (angle, font, area)
}

/// The value axis: range and ticks in axis units (the value itself, or its
/// decimal logarithm), each tick with its printed label.
struct Axis {
    log: bool,
    lo: f64,
    hi: f64,
    ticks: Vec<(f64, String)>,
}

impl Axis {
    /// `values` is non-empty and already filtered by [`usable`].
    fn new(values: &[f64], log: bool) -> Axis {
        let min = values.iter().copied().fold(f64::INFINITY, f64::min);
        let max = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if log {
            // The bottom decade lies strictly below the smallest value, so
            // even that bar has a visible height.
            let kmin = min.log10().ceil() as i32 - 1;
            let kmax = (max.log10().ceil() as i32).max(kmin + 1);
            // Many decades: label every `stride`-th one to keep labels apart.
            let stride = (kmax - kmin + 9) / 10;
            let kmin = kmin.div_euclid(stride) * stride; // labels 1e-60, 1, 1e60, …
            let steps = (kmax - kmin + stride - 1) / stride;
            let ticks = (0..=steps)
                .map(|i| kmin + i * stride)
                .map(|k| (k as f64, decade_label(k)))
                .collect();
            Axis {
                log,
                lo: kmin as f64,
                hi: (kmin + steps * stride) as f64,
                ticks,
            }
        } else {
            let ticks = nice_ticks(min.min(0.0), max.max(0.0));
            let lo = ticks.first().copied().unwrap_or(0.0);
            let hi = ticks.last().copied().unwrap_or(1.0);
            Axis {
                log,
                lo,
                hi,
                ticks: ticks.into_iter().map(|t| (t, fmt_sig(t))).collect(),
            }
        }
    }

    /// Height fraction (0 = bottom, 1 = top) of a position in axis units.
    fn frac_of_t(&self, t: f64) -> f64 {
        (t - self.lo) / (self.hi - self.lo)
    }

    fn frac(&self, v: f64) -> f64 {
        self.frac_of_t(if self.log { v.log10() } else { v })
    }

    fn base_frac(&self) -> f64 {
        if self.log {
            0.0
        } else {
            self.frac(0.0)
        }
    }
}

/// Evenly spaced ticks with a step of 1, 2, 2.5 or 5 × 10^k, covering
/// `[min, max]` in about five intervals; meant for ranges that include 0, as
/// bar axes do. A degenerate range is widened upwards.
fn nice_ticks(min: f64, max: f64) -> Vec<f64> {
    let span = if max > min {
        max - min
    } else {
        min.abs().max(1.0)
    };
    let max = min + span;
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * mag);
    // Integer multiples of the step, so 0 is exactly 0 and no error accumulates.
    let first = (min / step + 1e-9).floor() as i64;
    let last = (max / step - 1e-9).ceil() as i64;
    if last.saturating_sub(first) > 1000 {
        // Only reachable for ranges far from 0 (where `k * step` loses precision).
        return vec![min, max];
    }
    (first..=last).map(|k| k as f64 * step).collect()
}

fn decade_label(k: i32) -> String {
    if (-3..=4).contains(&k) {
        fmt_sig(10f64.powi(k))
    } else {
        format!("1e{k}")
    }
}

/// Keeps only values that can be drawn: finite, not absurdly large, and
/// positive on a log axis.
fn usable(v: Option<f64>, log: bool) -> Option<f64> {
    v.filter(|x| x.is_finite() && x.abs() <= MAX_MAGNITUDE && (!log || *x > 0.0))
}

/// Formats with 3 significant digits: 1230, 2.5, 0.0123, 1.23e5, 1e-4.
fn fmt_sig(v: f64) -> String {
    if v == 0.0 || !v.is_finite() {
        // `+ 0.0` turns -0 into 0.
        return format!("{}", v + 0.0);
    }
    let e = v.abs().log10().floor() as i32;
    if !(-3..5).contains(&e) {
        let s = format!("{v:.2e}");
        match s.split_once('e') {
            Some((m, exp)) => format!("{}e{exp}", trim_zeros(m)),
            None => s,
        }
    } else {
        let decimals = (2 - e).max(0) as usize;
        let scale = 10f64.powi(e - 2);
        trim_zeros(&format!("{:.*}", decimals, (v / scale).round() * scale)).to_string()
    }
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

fn no_data_svg(title: &str) -> String {
    let x = n(WIDTH / 2.0);
    svg_open(120.0, title)
        + &format!(r##"<text x="{x}" y="80" text-anchor="middle" fill="#666">no data</text>"##)
        + "\n</svg>\n"
}

/// Opening tag, accessible `<title>` and the visible title.
fn svg_open(height: f64, title: &str) -> String {
    let (w, h, font, mid, title_font) =
        (n(WIDTH), n(height), n(FONT), n(WIDTH / 2.0), n(TITLE_FONT));
    let (full, shown) = (esc(title), esc(&truncate(title, 74)));
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" font-family="sans-serif" font-size="{font}">
<title>{full}</title>
<text x="{mid}" y="24" text-anchor="middle" font-size="{title_font}" font-weight="bold">{shown}</text>
"#
    )
}

fn color(series_index: usize) -> &'static str {
    PALETTE[series_index % PALETTE.len()]
}

fn widest<S: AsRef<str>>(labels: impl IntoIterator<Item = S>) -> f64 {
    labels
        .into_iter()
        .map(|l| text_width(l.as_ref(), FONT))
        .fold(0.0, f64::max)
}

/// Rough width of sans-serif text; no font metrics are available here.
fn text_width(s: &str, font: f64) -> f64 {
    s.chars().count() as f64 * font * 0.6
}

fn truncate(s: &str, max_chars: usize) -> String {
    if s.chars().count() <= max_chars {
        s.to_string()
    } else {
        s.chars().take(max_chars - 1).chain(['…']).collect()
    }
}

/// Coordinates with two decimals, without trailing zeros.
fn n(x: f64) -> String {
    trim_zeros(&format!("{x:.2}")).to_string()
}

/// Escapes XML specials and drops control characters that XML 1.0 forbids (the HTML
/// page, which is also XML, uses it too).
pub(super) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(name: &str, values: &[Option<f64>]) -> Series {
        Series {
            name: name.into(),
            values: values.to_vec(),
        }
    }

    fn chart(categories: &[&str], series: Vec<Series>, log_y: bool) -> BarChart {
        BarChart {
            title: "t".into(),
            y_label: "µs".into(),
            categories: categories.iter().map(|c| c.to_string()).collect(),
            series,
            log_y,
        }
    }

    /// Minimal well-formedness check: one root element, balanced tags,
    /// quoted unique attributes, and only the five predefined entities.
    fn check_xml(s: &str) -> Result<(), String> {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = s.trim();
        let mut seen_root = false;
        while let Some(lt) = rest.find('<') {
            check_text(&rest[..lt])?;
            if stack.is_empty() && (seen_root || !rest[..lt].trim().is_empty()) {
                return Err(format!("content outside the root: {:.40}", rest));
            }
            let after = &rest[lt + 1..];
            let gt = after.find('>').ok_or("unterminated tag")?;
            let tag = &after[..gt];
            rest = &after[gt + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                if stack.pop() != Some(name) {
                    return Err(format!("unbalanced </{name}>"));
                }
            } else {
                let (body, self_closing) = match tag.strip_suffix('/') {
                    Some(body) => (body, true),
                    None => (tag, false),
                };
                let name = check_start_tag(body)?;
                seen_root = true;
                if !self_closing {
                    stack.push(name);
                }
            }
        }
        if !stack.is_empty() || !rest.trim().is_empty() || !seen_root {
            return Err(format!("unclosed {stack:?} or trailing text {rest:?}"));
        }
        Ok(())
    }

    fn check_start_tag(body: &str) -> Result<&str, String> {
        let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
        let name = &body[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("bad tag name in <{body}>"));
        }
        let mut attrs = body[name_end..].trim_start();
        let mut names = Vec::new();
        while !attrs.is_empty() {
            let (attr, value) = attrs
                .split_once("=\"")
                .ok_or(format!("unquoted attribute in <{body}>"))?;
            let (value, tail) = value.split_once('"').ok_or("unterminated attribute")?;
            if attr.is_empty() || attr.contains(char::is_whitespace) || names.contains(&attr) {
                return Err(format!("bad or repeated attribute {attr:?}"));
            }
            names.push(attr);
            check_text(value)?;
            if !(tail.is_empty() || tail.starts_with(char::is_whitespace)) {
                return Err(format!("no space after attribute {attr}"));
            }
            attrs = tail.trim_start();
        }
        Ok(name)
    }

    fn check_text(text: &str) -> Result<(), String> {
        if text.contains(['<', '>', '"']) {
            return Err(format!("unescaped text {text:?}"));
        }
        for (i, _) in text.match_indices('&') {
            let entity = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"];
            if !entity.iter().any(|e| text[i..].starts_with(e)) {
                return Err(format!("bad entity in {text:?}"));
            }
        }
        Ok(())
    }

    /// Values of attribute `attr` of every `<rect class="bar" …>`, in order.
    fn bar_attr(svg: &str, attr: &str) -> Vec<f64> {
        svg.split("<rect class=\"bar\"")
            .skip(1)
            .map(|tag| {
                let tag = &tag[..tag.find('>').unwrap()];
                let start = tag.find(&format!(" {attr}=\"")).unwrap() + attr.len() + 3;
                tag[start..][..tag[start..].find('"').unwrap()]
                    .parse()
                    .unwrap()
            })
            .collect()
    }

    #[test]
    fn edge_cases_give_well_formed_svg() {
        let nasty = "a<b & \"c\" 'd' >\u{1}";
        let two = |a, b| vec![series("s", &[a, b])];
        let cases = vec![
            chart(&[], vec![], false),
            chart(&["a"], vec![], false),
            chart(&[], vec![series("s", &[Some(1.0)])], false),
            chart(&["a", "b"], two(None, None), false),
            chart(&["a", "b"], two(Some(0.0), Some(0.0)), false),
            chart(&["a", "b"], two(Some(0.0), Some(-2.0)), true),
            chart(&["a"], vec![series("s", &[Some(42.0)])], false),
            chart(&["a"], vec![series("s", &[Some(42.0)])], true),
            chart(&["a", "b"], two(Some(f64::NAN), Some(f64::INFINITY)), false),
            chart(&["a", "b"], two(Some(f64::NEG_INFINITY), Some(1.0)), true),
            chart(&["a", "b"], two(Some(-3.0), Some(7.0)), false),
            chart(&["a", "b"], two(Some(f64::MAX), Some(5e-324)), true),
            chart(&["a", "b"], two(Some(f64::MAX), Some(-1e300)), false),
            chart(
                &["a", "b", "c"],
                vec![series("x", &[Some(1.0)]), series("y", &[Some(1.0); 9])],
                false,
            ),
            chart(
                &[nasty, nasty],
                vec![series(nasty, &[Some(1.5), Some(2.5)])],
                false,
            ),
            BarChart {
                title: nasty.into(),
                y_label: nasty.repeat(30),
                ..chart(&[nasty], vec![], false)
            },
            chart(
                &["a long category label"; 300],
                vec![series("s", &[Some(1.0); 300])],
                false,
            ),
        ];
        for (i, c) in cases.iter().enumerate() {
            let svg = bar_chart_svg(c);
            assert!(
                svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                "case {i}"
            );
            assert!(
                !svg.contains("NaN") && !svg.contains("inf"),
                "case {i}: {svg}"
            );
            if let Err(e) = check_xml(&svg) {
                panic!("case {i}: {e}\n{svg}");
            }
        }
        let svg = bar_chart_svg(&cases[14]);
        assert!(svg.contains("a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt;"));
        assert!(svg.contains("<title>a&lt;b &amp; &quot;c&quot; &apos;d&apos; &gt; — a&lt;b"));
        assert!(bar_chart_svg(&cases[0]).contains("no data"));
        assert!(bar_chart_svg(&cases[3]).contains("no data"));
        assert!(bar_chart_svg(&cases[5]).contains("no data"));
        assert!(bar_chart_svg(&cases[8]).contains("no data"));
    }

    #[test]
    fn checker_rejects_broken_xml() {
        for bad in [
            "<a><b></a></b>",
            "<a x=1/>",
            "<a>&foo;</a>",
            "<a>1 < 2</a>",
            "<a></a><b/>",
            "<a>",
        ] {
            assert!(check_xml(bad).is_err(), "{bad}");
        }
        assert!(check_xml("<a x=\"1\"><b/>t&amp;</a>").is_ok());
    }

    #[test]
    fn linear_bars_are_proportional_and_none_is_skipped() {
        let c = chart(
            &["a", "b", "c"],
            vec![
                series("s1", &[Some(1.0), Some(2.0), None]),
                series("s2", &[Some(4.0), Some(0.5), Some(3.0)]),
            ],
            false,
        );
        let svg = bar_chart_svg(&c);
        let heights = bar_attr(&svg, "height");
        let values = [1.0, 4.0, 2.0, 0.5, 3.0]; // category-major, present values only
        assert_eq!(heights.len(), values.len());
        let ratio = heights[1] / values[1];
        for (h, v) in heights.iter().zip(values) {
            assert!((h / v - ratio).abs() < 0.01 * ratio, "{h} vs {v}");
        }
        assert!(svg.contains("<title>c — s2: 3</title>"));
    }

    #[test]
    fn negative_bars_hang_from_zero() {
        let c = chart(
            &["a", "b"],
            vec![series("s", &[Some(-2.0), Some(6.0)])],
            false,
        );
        let svg = bar_chart_svg(&c);
        let (ys, hs) = (bar_attr(&svg, "y"), bar_attr(&svg, "height"));
        assert!((hs[1] / hs[0] - 3.0).abs() < 0.01);
        // The negative bar starts where the positive one ends: the zero line.
        assert!((ys[0] - (ys[1] + hs[1])).abs() < 0.02);
    }

    #[test]
    fn log_bars_grow_by_a_constant_per_decade() {
        let values = [
            Some(1.0),
            Some(10.0),
            Some(100.0),
            Some(1000.0),
            Some(0.0),
            Some(-5.0),
            Some(3.0),
        ];
        let c = chart(
            &["a", "b", "c", "d", "e", "f", "g"],
            vec![series("s", &values)],
            true,
        );
        let svg = bar_chart_svg(&c);
        let h = bar_attr(&svg, "height");
        assert_eq!(h.len(), 5, "values <= 0 are skipped");
        let decade = h[1] - h[0];
        assert!(h[0] > 0.0 && decade > 0.0);
        assert!((h[2] - h[1] - decade).abs() < 0.02 && (h[3] - h[2] - decade).abs() < 0.02);
        assert!(h[0] < h[4] && h[4] < h[1]);
        for label in [">1</text>", ">10</text>", ">1000</text>"] {
            assert!(svg.contains(label), "{label}");
        }
    }

    #[test]
    fn nice_ticks_cover_data_with_nice_steps() {
        let mut seed = 12345u64;
        let mut rand = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..2000 {
            let max = 10f64.powf(rand() * 16.0 - 8.0) * rand();
            let min = if rand() < 0.3 {
                -max * rand() * 3.0
            } else {
                0.0
            };
            let ticks = nice_ticks(min, max);
            let (first, last) = (ticks[0], *ticks.last().unwrap());
            assert!(
                first <= min && last >= max * (1.0 - 1e-9),
                "{min} {max} {ticks:?}"
            );
            assert!((3..=12).contains(&ticks.len()), "{min} {max} {ticks:?}");
            if min == 0.0 {
                assert_eq!(first, 0.0);
            }
            let step = ticks[1] - ticks[0];
            let mantissa = step / 10f64.powf(step.log10().floor());
            assert!(
                [1.0, 2.0, 2.5, 5.0, 10.0]
                    .iter()
                    .any(|m| (mantissa - m).abs() < 1e-6),
                "{step}"
            );
            assert!(ticks
                .windows(2)
                .all(|w| ((w[1] - w[0]) - step).abs() < 1e-6 * step));
        }
        assert_eq!(nice_ticks(0.0, 15.0), [0.0, 5.0, 10.0, 15.0]);
        assert_eq!(
            nice_ticks(0.0, 0.0),
            [0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
        );
    }

    #[test]
    fn values_print_with_three_significant_digits() {
        let cases = [
            (0.0, "0"),
            (-0.0, "0"),
            (1234.5, "1230"),
            (2.5, "2.5"),
            (0.012345, "0.0123"),
            (123456.0, "1.23e5"),
            (1e5, "1e5"),
            (0.0001, "1e-4"),
            (-1.5, "-1.5"),
            (999.7, "1000"),
        ];
        for (v, s) in cases {
            assert_eq!(fmt_sig(v), s, "{v}");
        }
        assert_eq!(decade_label(-1), "0.1");
        assert_eq!(decade_label(7), "1e7");
    }

    #[test]
    fn crowded_or_long_labels_are_rotated() {
        let short = bar_chart_svg(&chart(
            &["a", "b"],
            vec![series("s", &[Some(1.0), Some(2.0)])],
            false,
        ));
        let long: Vec<String> = (0..12).map(|i| format!("curve-name-{i}")).collect();
        let long: Vec<&str> = long.iter().map(String::as_str).collect();
        let long = bar_chart_svg(&chart(&long, vec![series("s", &[Some(1.0); 12])], false));
        assert!(!short.contains("rotate(-35") && long.contains("rotate(-35"));
        let height = |svg: &str| {
            svg.split(" height=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse::<f64>()
        };
        assert!(height(&long).unwrap() > height(&short).unwrap());
    }

    #[test]
    fn palette_stays_distinct_in_greyscale() {
        let luma = |c: &str| {
            let ch = |i| u8::from_str_radix(&c[i..i + 2], 16).unwrap() as f64 / 255.0;
            0.299 * ch(1) + 0.587 * ch(3) + 0.114 * ch(5)
        };
        for (i, a) in PALETTE.iter().enumerate() {
            for b in &PALETTE[i + 1..] {
                assert!((luma(a) - luma(b)).abs() > 0.08, "{a} {b}");
            }
        }
    }
}
