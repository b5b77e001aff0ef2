//! The text table and the TSV lines of `grundy table`.

use grundy::heap::sweep::Row;

/// The TSV header: the row's fields, in order.
pub const TSV_HEADER: &str = "code\tsame_as\tperiod\tpreperiod\tproven\tbound\tmax_value\tmax_at\tmask\trare_count\tlast_rare\theaps\tseconds\treason";

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(T::to_string).unwrap_or_default()
}

/// One row as a TSV line (tabs in texts become spaces).
pub fn tsv(r: &Row) -> String {
    let fields = [
        r.code.clone(),
        opt(&r.same_as),
        opt(&r.period),
        opt(&r.preperiod),
        r.proven.to_string(),
        r.bound.clone(),
        r.max_value.to_string(),
        r.max_at.to_string(),
        opt(&r.mask),
        opt(&r.rare_count),
        opt(&r.last_rare),
        r.heaps.to_string(),
        format!("{:.3}", r.seconds),
        opt(&r.reason),
    ];
    fields.map(|f| f.replace('\t', " ")).join("\t")
}

/// The rows as an aligned table; the last column says which game a code
/// is the same as, or why its period is not proven.
pub fn text(rows: &[&Row]) -> String {
    let head = [
        "code",
        "period",
        "preperiod",
        "proven",
        "max",
        "at",
        "mask",
        "rare",
        "last rare",
        "heaps",
        "s",
        "note",
    ];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let note = match (&r.same_as, &r.reason) {
                (Some(s), _) => format!("same game as {s}"),
                (None, Some(why)) => why.clone(),
                (None, None) => String::new(),
            };
            vec![
                r.code.clone(),
                opt(&r.period),
                opt(&r.preperiod),
                if r.proven { "yes" } else { "no" }.to_string(),
                r.max_value.to_string(),
                r.max_at.to_string(),
                opt(&r.mask),
                opt(&r.rare_count),
                opt(&r.last_rare),
                r.heaps.to_string(),
                format!("{:.2}", r.seconds),
                note,
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..head.len())
        .map(|c| {
            cells
                .iter()
                .map(|r| r[c].len())
                .chain([head[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cols: Vec<&str>| {
        let mut s = String::new();
        for (c, (cell, w)) in cols.iter().zip(&widths).enumerate() {
            match c {
                0 | 6 => s.push_str(&format!("{cell:<w$}  ")),
                11 => s.push_str(cell),
                _ => s.push_str(&format!("{cell:>w$}  ")),
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(head.to_vec());
    for r in &cells {
        out.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    let proven = rows.iter().filter(|r| r.proven).count();
    out.push_str(&format!("{} games, {proven} proven\n", rows.len()));
    out
}
