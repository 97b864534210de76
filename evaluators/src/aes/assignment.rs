//! The best one-to-one assignment of target elements to generated ones (Hungarian algorithm,
//! `pathfinding`'s Kuhn–Munkres over fixed-point scores): [`assign`] for Agora's AES, which
//! may leave any target unmatched, and [`minimum_cost`] for MageBench's, which pairs as many as
//! it can as SciPy's `linear_sum_assignment` does.

use pathfinding::kuhn_munkres::kuhn_munkres;
use pathfinding::matrix::Matrix;

/// Fixed-point scale of scores (Kuhn–Munkres needs a totally ordered number type).
const SCALE: f64 = 1e6;

/// What a target gets when left unmatched: below any real pair's score, so a real candidate
/// is always preferred when there is one.
const UNMATCHED: f64 = -10.0;

/// For each row of `scores` (targets × candidates), the column assigned to it, or `None`
/// when there were fewer candidates than targets and it got none. Maximizes the total score.
pub fn assign(scores: &[Vec<f64>], candidates: usize) -> Vec<Option<usize>> {
    let targets = scores.len();
    if targets == 0 {
        return Vec::new();
    }
    // One placeholder column per target keeps the matrix at least as wide as it is tall.
    let columns = candidates + targets;
    let fixed = |score: f64| (score.max(UNMATCHED) * SCALE).round() as i64;
    let mut weights = Matrix::new(targets, columns, fixed(UNMATCHED));
    for (row, row_scores) in scores.iter().enumerate() {
        for (column, score) in row_scores.iter().take(candidates).enumerate() {
            weights[(row, column)] = fixed(*score);
        }
    }
    let (_, assignment) = kuhn_munkres(&weights);
    assignment
        .into_iter()
        .map(|column| (column < candidates).then_some(column))
        .collect()
}

/// Fixed-point scale of [`minimum_cost`]'s costs: fine enough for its 1e-5 terms, coarse
/// enough that a row of penalty cells (1e5) sums far inside `i64`.
const COST_SCALE: f64 = 1e8;

/// For each row of `costs` (targets × `columns` candidates), the column a minimum-cost
/// assignment of min(rows, columns) pairs gives it, or `None` when there are more rows than
/// columns and it got none.
pub fn minimum_cost(costs: &[Vec<f64>], columns: usize) -> Vec<Option<usize>> {
    let rows = costs.len();
    if rows == 0 || columns == 0 {
        return vec![None; rows];
    }
    let fixed = |row: usize, column: usize| (-costs[row][column] * COST_SCALE).round() as i64;
    if rows <= columns {
        let weights = Matrix::from_fn(rows, columns, |(row, column)| fixed(row, column));
        let (_, assignment) = kuhn_munkres(&weights);
        return assignment.into_iter().map(Some).collect();
    }
    // More targets than candidates: every candidate gets one target.
    let weights = Matrix::from_fn(columns, rows, |(column, row)| fixed(row, column));
    let (_, assignment) = kuhn_munkres(&weights);
    let mut rows_to_columns = vec![None; rows];
    for (column, row) in assignment.into_iter().enumerate() {
        rows_to_columns[row] = Some(column);
    }
    rows_to_columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maximizes_the_total_not_each_row_greedily() {
        // Greedy would give row 0 column 0 (0.9) and leave row 1 with 0.1: total 1.0.
        let scores = vec![vec![0.9, 0.8], vec![0.85, 0.1]];
        assert_eq!(assign(&scores, 2), vec![Some(1), Some(0)]);
    }

    #[test]
    fn more_targets_than_candidates_leaves_the_weakest_unmatched() {
        let scores = vec![vec![0.2], vec![0.9], vec![-0.5]];
        assert_eq!(assign(&scores, 1), vec![None, Some(0), None]);
    }

    #[test]
    fn no_candidates_matches_nothing_and_no_targets_is_empty() {
        assert_eq!(assign(&[vec![], vec![]], 0), vec![None, None]);
        assert!(assign(&[], 5).is_empty());
    }

    #[test]
    fn minimum_cost_pairs_as_many_as_it_can() {
        // Every row gets a column, the penalty cell included, when there are enough.
        let costs = vec![vec![-1.0, 1e5], vec![1e5, 1e5]];
        assert_eq!(minimum_cost(&costs, 2), vec![Some(0), Some(1)]);
        // Minimises the total, not each row.
        let costs = vec![vec![-0.9, -0.8], vec![-0.85, -0.1]];
        assert_eq!(minimum_cost(&costs, 2), vec![Some(1), Some(0)]);
        // More rows than columns: the cheapest rows are paired.
        let costs = vec![vec![-0.2], vec![-0.9], vec![0.5]];
        assert_eq!(minimum_cost(&costs, 1), vec![None, Some(0), None]);
        assert_eq!(minimum_cost(&[vec![], vec![]], 0), vec![None, None]);
    }

    #[test]
    fn a_wide_matrix_picks_the_best_columns() {
        let scores = vec![vec![0.0, 0.1, 0.95, 0.2], vec![0.3, 0.99, 0.9, 0.0]];
        assert_eq!(assign(&scores, 4), vec![Some(2), Some(1)]);
    }
}
