//! Cars in side view, facing right: sedan, hatchback, pickup truck, SUV, minivan.

use super::super::painter::{IVORY, Painter, RUBBER};
use super::super::shapes::{line, rounded, rrect};
use super::parts::alloy_wheel;
use crate::model::CarModel;

/// Local frame: width × height.
pub(super) const SIZE: (f32, f32) = (240.0, 100.0);

struct Shape {
    body: &'static [(f32, f32)],
    windows: &'static [(f32, f32)],
    pillar: f32,
    wheels: (f32, f32, f32),
}

const SEDAN: Shape = Shape {
    body: &[
        (4.0, 84.0),
        (3.0, 60.0),
        (12.0, 50.0),
        (62.0, 46.0),
        (88.0, 24.0),
        (150.0, 21.0),
        (180.0, 44.0),
        (226.0, 52.0),
        (237.0, 62.0),
        (237.0, 84.0),
    ],
    windows: &[(90.0, 44.0), (100.0, 29.0), (148.0, 27.0), (170.0, 44.0)],
    pillar: 126.0,
    wheels: (54.0, 188.0, 17.0),
};

const HATCHBACK: Shape = Shape {
    body: &[
        (20.0, 84.0),
        (18.0, 54.0),
        (34.0, 24.0),
        (138.0, 20.0),
        (172.0, 45.0),
        (218.0, 53.0),
        (228.0, 62.0),
        (228.0, 84.0),
    ],
    windows: &[(34.0, 44.0), (44.0, 28.0), (134.0, 26.0), (160.0, 45.0)],
    pillar: 96.0,
    wheels: (62.0, 186.0, 17.0),
};

const PICKUP: Shape = Shape {
    body: &[
        (4.0, 82.0),
        (4.0, 46.0),
        (104.0, 46.0),
        (108.0, 16.0),
        (164.0, 16.0),
        (184.0, 44.0),
        (230.0, 50.0),
        (237.0, 58.0),
        (237.0, 82.0),
    ],
    windows: &[(116.0, 42.0), (118.0, 22.0), (160.0, 22.0), (176.0, 42.0)],
    pillar: 0.0,
    wheels: (50.0, 192.0, 19.0),
};

/// Tall and boxy, upright tailgate, big wheels.
const SUV: Shape = Shape {
    body: &[
        (6.0, 84.0),
        (5.0, 40.0),
        (18.0, 14.0),
        (150.0, 12.0),
        (178.0, 40.0),
        (226.0, 47.0),
        (236.0, 57.0),
        (236.0, 84.0),
    ],
    windows: &[(20.0, 40.0), (28.0, 19.0), (146.0, 18.0), (168.0, 40.0)],
    pillar: 100.0,
    wheels: (56.0, 188.0, 20.0),
};

/// One long tall box with a short nose and a sliding door.
const MINIVAN: Shape = Shape {
    body: &[
        (4.0, 84.0),
        (4.0, 30.0),
        (16.0, 11.0),
        (170.0, 11.0),
        (206.0, 40.0),
        (230.0, 47.0),
        (237.0, 57.0),
        (237.0, 84.0),
    ],
    windows: &[(16.0, 38.0), (22.0, 17.0), (166.0, 17.0), (192.0, 40.0)],
    pillar: 122.0,
    wheels: (46.0, 198.0, 17.0),
};

/// Draws the model.
pub(super) fn draw(p: &mut Painter<'_>, model: CarModel) {
    let shape = match model {
        CarModel::Sedan => &SEDAN,
        CarModel::Hatchback => &HATCHBACK,
        CarModel::PickupTruck => &PICKUP,
        CarModel::Suv => &SUV,
        _ => &MINIVAN,
    };
    let (rear, front, r) = shape.wheels;
    let wy = SIZE.1 - r;
    p.body(rounded(shape.body, 10.0));
    // Wheel arches: dark cut-outs the tyres sit in.
    for x in [rear, front] {
        let arch = [
            (x - r - 4.0, 86.0),
            (x - r - 1.0, wy - 4.0),
            (x, wy - r - 4.0),
            (x + r + 1.0, wy - 4.0),
            (x + r + 4.0, 86.0),
        ];
        p.flat(rounded(&arch, 6.0), RUBBER, 1.0);
    }
    p.glass(rounded(shape.windows, 4.0));
    if shape.pillar > 0.0 {
        p.line(
            line(shape.pillar, 24.0, shape.pillar, 46.0),
            p.dim(0.8),
            4.0,
        );
    } else {
        // The pickup's load bed: a rail and the tailgate seam.
        p.line(line(6.0, 50.0, 102.0, 50.0), p.dim(0.6), 1.5);
        p.seam(line(10.0, 50.0, 10.0, 80.0), [0; 3], 0.35, 1.0);
    }
    let dark = p.dim(0.55);
    // Door seams and handles.
    let door = if shape.pillar > 0.0 {
        shape.pillar
    } else {
        146.0
    };
    p.seam(line(door - 2.0, 46.0, door - 4.0, 78.0), dark, 0.8, 1.0);
    p.seam(
        line(
            shape.windows[3].0 + 4.0,
            46.0,
            shape.windows[3].0 + 2.0,
            74.0,
        ),
        dark,
        0.8,
        1.0,
    );
    p.flat(rrect(door + 8.0, 52.0, 10.0, 2.5, 1.2), dark, 0.9);
    p.seam(
        line(shape.body[1].0 + 2.0, 64.0, SIZE.0 - 6.0, 64.0),
        [255; 3],
        0.25,
        1.5,
    );
    // Lights, bumpers, mirror.
    p.flat(rrect(SIZE.0 - 14.0, 56.0, 11.0, 6.0, 2.5), IVORY, 1.0);
    p.glow(SIZE.0 - 8.0, 59.0, 8.0, [255, 250, 220], 0.5);
    let tail_x = shape.body[0].0 - 1.0;
    p.flat(rrect(tail_x, 52.0, 6.0, 9.0, 2.0), [170, 20, 24], 1.0);
    p.tone(rrect(SIZE.0 - 18.0, 76.0, 19.0, 8.0, 3.0), [40, 40, 44]);
    p.tone(rrect(tail_x - 1.0, 76.0, 18.0, 8.0, 3.0), [40, 40, 44]);
    p.body(rounded(
        &[
            (shape.windows[3].0 - 2.0, 44.0),
            (shape.windows[3].0 + 8.0, 38.0),
            (shape.windows[3].0 + 10.0, 44.0),
        ],
        2.0,
    ));
    alloy_wheel(p, rear, wy, r);
    alloy_wheel(p, front, wy, r);
}
