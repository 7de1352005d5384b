//! Handicap stone placement: the GTP fixed table and free placement.

use super::point::{Geometry, Point};

/// Most stones `fixed_handicap` accepts on this size: none below 7×7, 4 on 7×7 and even
/// sizes, 9 on odd sizes from 9×9.
pub fn max_fixed(size: usize) -> usize {
    if size < 7 {
        0
    } else if size == 7 || size.is_multiple_of(2) {
        4
    } else {
        9
    }
}

/// The GTP specification's fixed placement of `n` stones, in the specification's order;
/// `None` if `n` is outside `2..=max_fixed(size)`.
pub fn fixed(geo: Geometry, n: usize) -> Option<Vec<Point>> {
    let size = geo.size();
    if n < 2 || n > max_fixed(size) {
        return None;
    }
    let line = if size >= 13 { 4 } else { 3 };
    let (lo, hi, mid) = (line - 1, size - line, size / 2);
    let p = |x, y| geo.point(x, y);
    // Corners: lower-left, upper-right, upper-left, lower-right (19×19: D4 Q16 D16 Q4).
    let mut v = vec![p(lo, lo), p(hi, hi), p(lo, hi), p(hi, lo)];
    v.truncate(n.min(4));
    if n >= 6 {
        v.push(p(lo, mid));
        v.push(p(hi, mid));
    }
    if n >= 8 {
        v.push(p(mid, lo));
        v.push(p(mid, hi));
    }
    if n % 2 == 1 && n >= 5 {
        v.push(p(mid, mid));
    }
    Some(v)
}

/// Most stones `place_free_handicap` accepts: every point but one.
pub fn max_free(size: usize) -> usize {
    size * size - 1
}

/// Free placement of `n` stones (`2..=max_free`): the fixed table as far as it goes, then
/// each further stone on the point farthest from the stones already placed, where the edge
/// counts as a stone half a line beyond the first line (so low lines are chosen last), and
/// ties go to the line nearest the star-point line. `None` if `n` is out of range.
pub fn free(geo: Geometry, n: usize) -> Option<Vec<Point>> {
    let size = geo.size();
    if n < 2 || n > max_free(size) {
        return None;
    }
    let mut chosen = fixed(geo, n.min(max_fixed(size))).unwrap_or_default();
    let star_line = if size >= 13 {
        4
    } else if size >= 7 {
        3
    } else {
        size.div_ceil(2)
    };
    let points: Vec<(Point, usize, usize)> = geo
        .points()
        .map(|p| {
            let line = geo.line(p);
            (p, line, (2 * line - 1) * (2 * line - 1))
        })
        .collect();
    let dist2 = |a: Point, b: Point| {
        let (ax, ay) = geo.coords(a);
        let (bx, by) = geo.coords(b);
        ax.abs_diff(bx).pow(2) + ay.abs_diff(by).pow(2)
    };
    let mut nearest: Vec<usize> = points
        .iter()
        .map(|&(p, _, _)| {
            chosen
                .iter()
                .map(|&c| dist2(p, c))
                .min()
                .unwrap_or(usize::MAX)
        })
        .collect();
    while chosen.len() < n {
        let mut best: Option<(usize, (usize, std::cmp::Reverse<usize>))> = None;
        for (i, &(_, line, edge_cap)) in points.iter().enumerate() {
            if nearest[i] == 0 {
                continue;
            }
            let key = (
                nearest[i].min(edge_cap),
                std::cmp::Reverse(line.abs_diff(star_line)),
            );
            if best.is_none_or(|(_, k)| key > k) {
                best = Some((i, key));
            }
        }
        let (i, _) = best?;
        let p = points[i].0;
        chosen.push(p);
        for (j, &(q, _, _)) in points.iter().enumerate() {
            nearest[j] = nearest[j].min(dist2(p, q));
        }
    }
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(size: usize, n: usize) -> String {
        let geo = Geometry::new(size).unwrap();
        fixed(geo, n)
            .unwrap()
            .iter()
            .map(|&p| geo.vertex(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn gtp_table_19() {
        assert_eq!(text(19, 2), "D4 Q16");
        assert_eq!(text(19, 3), "D4 Q16 D16");
        assert_eq!(text(19, 4), "D4 Q16 D16 Q4");
        assert_eq!(text(19, 5), "D4 Q16 D16 Q4 K10");
        assert_eq!(text(19, 6), "D4 Q16 D16 Q4 D10 Q10");
        assert_eq!(text(19, 7), "D4 Q16 D16 Q4 D10 Q10 K10");
        assert_eq!(text(19, 8), "D4 Q16 D16 Q4 D10 Q10 K4 K16");
        assert_eq!(text(19, 9), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
    }

    #[test]
    fn gtp_table_13_and_9() {
        assert_eq!(text(13, 9), "D4 K10 D10 K4 D7 K7 G4 G10 G7");
        assert_eq!(text(9, 4), "C3 G7 C7 G3");
        assert_eq!(text(9, 5), "C3 G7 C7 G3 E5");
        assert_eq!(text(9, 9), "C3 G7 C7 G3 C5 G5 E3 E7 E5");
    }

    #[test]
    fn even_and_small_sizes() {
        assert_eq!(text(10, 4), "C3 H8 C8 H3");
        assert_eq!(text(14, 2), "D4 L11");
        assert_eq!(text(7, 4), "C3 E5 C5 E3");
        let g7 = Geometry::new(7).unwrap();
        assert!(fixed(g7, 5).is_none());
        let g10 = Geometry::new(10).unwrap();
        assert!(fixed(g10, 5).is_none());
        assert!(fixed(Geometry::new(6).unwrap(), 2).is_none());
        let g19 = Geometry::new(19).unwrap();
        assert!(fixed(g19, 1).is_none());
        assert!(fixed(g19, 10).is_none());
        assert_eq!(text(25, 9), "D4 W22 D22 W4 D13 W13 N4 N22 N13");
    }

    #[test]
    fn free_placement_extends_the_table_without_repeats() {
        for size in 2..=25 {
            let geo = Geometry::new(size).unwrap();
            for n in [2, 3, 5, 9, 10, 17, size * size / 2, size * size - 1] {
                if n < 2 || n > max_free(size) {
                    continue;
                }
                let v = free(geo, n).unwrap();
                assert_eq!(v.len(), n);
                let mut sorted = v.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), n, "repeated point, size {size} n {n}");
                if n <= max_fixed(size) {
                    assert_eq!(v, fixed(geo, n).unwrap());
                }
            }
            assert!(free(geo, size * size).is_none());
            assert!(free(geo, 1).is_none());
        }
    }

    #[test]
    fn free_placement_beyond_nine_avoids_the_edge() {
        let geo = Geometry::new(19).unwrap();
        let v = free(geo, 13).unwrap();
        for &p in &v[9..] {
            let (x, y) = geo.coords(p);
            let line = 1 + x.min(y).min(18 - x).min(18 - y);
            assert!(line >= 3, "{} on line {line}", geo.vertex(p));
        }
    }
}
