//! Chains on a sized grid, told link by link.

use super::Names;
use crate::logic::sized::SizedCandidate;

pub(super) fn chain(nodes: &[SizedCandidate], n: Names) -> Vec<String> {
    let mut lines = Vec::new();
    let Some((&first, rest)) = nodes.split_first() else {
        return lines;
    };
    let start = n.is_not(first);
    lines.push(say!(n.w, "Suppose {start}.", "Suppose que {start}."));
    for (i, &node) in rest.iter().enumerate() {
        // Odd positions are true: reached by a strong link.
        let said = if i % 2 == 0 {
            n.is(node)
        } else {
            n.is_not(node)
        };
        lines.push(say!(n.w, "Then {said}.", "Alors {said}."));
    }
    if let Some(&last) = rest.last() {
        let (a, b) = (n.is(first), n.is(last));
        lines.push(say!(
            n.w,
            "So either {a}, or {b}: a candidate that sees both is false.",
            "Donc soit {a}, soit {b} : un candidat qui voit les deux est faux."
        ));
    }
    lines
}
