//! Boxes and their generalized intersection over union.

use serde::{Deserialize, Serialize};

/// An element's box in document CSS pixels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

impl Rect {
    /// Its area (never negative).
    pub fn area(&self) -> f64 {
        self.width.max(0.0) * self.height.max(0.0)
    }

    fn right(&self) -> f64 {
        self.x + self.width.max(0.0)
    }

    fn bottom(&self) -> f64 {
        self.y + self.height.max(0.0)
    }
}

/// Generalized IoU in `[-1, 1]`: IoU minus the share of the enclosing box covered by neither.
pub fn giou(first: &Rect, second: &Rect) -> f64 {
    let overlap_width = (first.right().min(second.right()) - first.x.max(second.x)).max(0.0);
    let overlap_height = (first.bottom().min(second.bottom()) - first.y.max(second.y)).max(0.0);
    let intersection = overlap_width * overlap_height;
    let union = first.area() + second.area() - intersection;
    let hull = (first.right().max(second.right()) - first.x.min(second.x))
        * (first.bottom().max(second.bottom()) - first.y.min(second.y));
    if hull <= 0.0 || union <= 0.0 {
        // Two empty boxes at one point coincide; otherwise there is nothing in common.
        return if first == second { 1.0 } else { -1.0 };
    }
    intersection / union - (hull - union) / hull
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: f64, y: f64, width: f64, height: f64) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    #[test]
    fn identical_boxes_score_one() {
        let a = rect(10.0, 20.0, 100.0, 50.0);
        assert_eq!(giou(&a, &a), 1.0);
    }

    #[test]
    fn half_overlap_is_iou_when_the_hull_is_filled() {
        let a = rect(0.0, 0.0, 10.0, 10.0);
        let b = rect(5.0, 0.0, 10.0, 10.0);
        assert!((giou(&a, &b) - 50.0 / 150.0).abs() < 1e-12);
    }

    #[test]
    fn distant_boxes_go_negative_and_farther_is_lower() {
        let a = rect(0.0, 0.0, 10.0, 10.0);
        let near = giou(&a, &rect(20.0, 0.0, 10.0, 10.0));
        let far = giou(&a, &rect(200.0, 0.0, 10.0, 10.0));
        assert!(near < 0.0 && far < near && far > -1.0, "{near} {far}");
        // 200 / 300 of the hull is empty: 0 - (300 - 200) / 300.
        assert!((near + 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn empty_boxes_do_not_divide_by_zero() {
        let point = rect(3.0, 3.0, 0.0, 0.0);
        assert_eq!(giou(&point, &point), 1.0);
        assert_eq!(giou(&point, &rect(4.0, 3.0, 0.0, 0.0)), -1.0);
    }
}
