//! The text table and the TSV lines of `grundy table`.

use grundy::heap::sweep::Row;

/// The TSV header: the row's fields, in order.
const TSV_HEADER: &str = "code\tsame_as\tperiod\tpreperiod\tproven\tbound\tmax_value\tmax_at\tmask\trare_count\tlast_rare\theaps\tseconds\treason";

/// The columns of the misère quotient, after the others when asked for.
const TSV_QUOTIENT: &str = "\tquotient_order\tquotient_heaps\tquotient_reason\tquotient_every_heap";

/// The TSV header, with the quotient's columns when `misere`.
pub fn tsv_header(misere: bool) -> String {
    match misere {
        true => format!("{TSV_HEADER}{TSV_QUOTIENT}"),
        false => TSV_HEADER.to_string(),
    }
}

fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(T::to_string).unwrap_or_default()
}

/// The cells the TSV line and the text table both give, in their order:
/// the largest value and where, the sparse space (mask, rare heaps, the
/// last rare heap) and the heaps computed.
fn value_cells(r: &Row) -> [String; 6] {
    [
        r.max_value.to_string(),
        r.max_at.to_string(),
        opt(&r.sparse.mask),
        opt(&r.sparse.rare_count),
        opt(&r.sparse.last_rare),
        r.heaps.to_string(),
    ]
}

/// One row as a TSV line (tabs in texts become spaces), with the
/// quotient's columns when `misere`.
pub fn tsv(r: &Row, misere: bool) -> String {
    let mut fields = vec![
        r.code.clone(),
        opt(&r.same_as),
        opt(&r.periodicity.period),
        opt(&r.periodicity.preperiod),
        r.periodicity.proven.to_string(),
        r.periodicity.bound.clone(),
    ];
    fields.extend(value_cells(r));
    fields.extend([format!("{:.3}", r.seconds), opt(&r.reason)]);
    if misere {
        let q = r.quotient.as_ref();
        fields.push(opt(&q.and_then(|q| q.order)));
        fields.push(opt(&q.map(|q| q.heaps)));
        fields.push(opt(&q.and_then(|q| q.reason.clone())));
        fields.push(opt(&q.map(|q| q.every_heap)));
    }
    let fields: Vec<String> = fields.iter().map(|f| f.replace('\t', " ")).collect();
    fields.join("\t")
}

/// The quotient's cell of the text table: its order, `all` when its
/// period proves it for every heap, and the last heap it is proven for
/// when a bound stopped it short (`24 to 16`).
fn quotient_text(r: &Row) -> String {
    match &r.quotient {
        None => String::new(),
        Some(q) => match (q.order, &q.reason) {
            (None, _) => "none".to_string(),
            (Some(o), None) if q.every_heap => format!("{o} all"),
            (Some(o), None) => o.to_string(),
            (Some(o), Some(_)) => format!("{o} to {}", q.heaps),
        },
    }
}

/// The rows as an aligned table; the last column says which game a code
/// is the same as, or why its period is not proven.
pub fn text(rows: &[&Row]) -> String {
    let mut head = [
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
    ]
    .to_vec();
    // The quotient's column, before the note, when the sweep has one.
    let misere = rows.iter().any(|r| r.quotient.is_some());
    if misere {
        head.insert(head.len() - 1, "quotient");
    }
    let note_at = head.len() - 1;
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let note = match (&r.same_as, &r.reason) {
                (Some(s), _) => format!("same game as {s}"),
                (None, Some(why)) => why.clone(),
                (None, None) => String::new(),
            };
            let mut row = vec![
                r.code.clone(),
                opt(&r.periodicity.period),
                opt(&r.periodicity.preperiod),
                if r.periodicity.proven { "yes" } else { "no" }.to_string(),
            ];
            row.extend(value_cells(r));
            row.extend([format!("{:.2}", r.seconds), note]);
            if misere {
                row.insert(row.len() - 1, quotient_text(r));
            }
            row
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
                c if c == note_at => s.push_str(cell),
                _ => s.push_str(&format!("{cell:>w$}  ")),
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(head.clone());
    for r in &cells {
        out.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    let proven = rows.iter().filter(|r| r.periodicity.proven).count();
    let games = if rows.len() == 1 { "game" } else { "games" };
    out.push_str(&format!("{} {games}, {proven} proven\n", rows.len()));
    out
}
