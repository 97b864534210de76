//! Procedural meshes: bevelled boxes, lathes and tubes, each triangle tagged with its part.

use std::ops::{Add, Mul, Neg, Sub};

/// A 3D vector (metres; y up, x to the right, z towards the camera).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct V3 {
    pub x: f32,
    pub y: f32,
    pub z: f32,
}

/// Shorthand for a [`V3`].
pub(crate) const fn v3(x: f32, y: f32, z: f32) -> V3 {
    V3 { x, y, z }
}

impl V3 {
    pub(crate) fn dot(self, o: V3) -> f32 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    pub(crate) fn cross(self, o: V3) -> V3 {
        v3(
            self.y * o.z - self.z * o.y,
            self.z * o.x - self.x * o.z,
            self.x * o.y - self.y * o.x,
        )
    }

    pub(crate) fn length(self) -> f32 {
        self.dot(self).sqrt()
    }

    /// The unit vector along `self` (or straight up for a zero vector).
    pub(crate) fn normalize(self) -> V3 {
        let l = self.length();
        if l > 1e-9 {
            self * (1.0 / l)
        } else {
            v3(0.0, 1.0, 0.0)
        }
    }

    /// Turned by `angle` radians about the vertical axis.
    pub(crate) fn yaw(self, angle: f32) -> V3 {
        let (s, c) = angle.sin_cos();
        v3(c * self.x + s * self.z, self.y, -s * self.x + c * self.z)
    }

    /// Rolled by `angle` radians about the z axis (positive turns +x towards +y).
    pub(crate) fn roll(self, angle: f32) -> V3 {
        let (s, c) = angle.sin_cos();
        v3(c * self.x - s * self.y, s * self.x + c * self.y, self.z)
    }

    /// Tipped by `angle` radians about the x axis (positive tips the top towards the camera).
    pub(crate) fn pitch(self, angle: f32) -> V3 {
        let (s, c) = angle.sin_cos();
        v3(self.x, c * self.y + s * self.z, -s * self.y + c * self.z)
    }
}

impl Add for V3 {
    type Output = V3;
    fn add(self, o: V3) -> V3 {
        v3(self.x + o.x, self.y + o.y, self.z + o.z)
    }
}

impl Sub for V3 {
    type Output = V3;
    fn sub(self, o: V3) -> V3 {
        v3(self.x - o.x, self.y - o.y, self.z - o.z)
    }
}

impl Mul<f32> for V3 {
    type Output = V3;
    fn mul(self, f: f32) -> V3 {
        v3(self.x * f, self.y * f, self.z * f)
    }
}

impl Neg for V3 {
    type Output = V3;
    fn neg(self) -> V3 {
        v3(-self.x, -self.y, -self.z)
    }
}

/// Two unit vectors perpendicular to `axis` and to each other.
pub(crate) fn basis(axis: V3) -> (V3, V3) {
    let helper = if axis.y.abs() < 0.9 {
        v3(0.0, 1.0, 0.0)
    } else {
        v3(1.0, 0.0, 0.0)
    };
    let e1 = axis.cross(helper).normalize();
    (e1, axis.cross(e1))
}

/// Which paint a part takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Paint {
    /// The spec's primary colour, carrying its pattern.
    Body,
    /// The spec's secondary colour if it names one, else the given material colour.
    Accent([u8; 3]),
    /// The spec's secondary colour on a two-tone or patterned item, else the body colour.
    Trim,
    /// A fixed material colour (sRGB).
    Fixed([u8; 3]),
    /// The body colour deep in a crease: buttons, seams and gaps in upholstery.
    Deep,
}

/// How a part's surface reflects light and what texture it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Surface {
    /// Painted or moulded matte surfaces.
    Matte,
    /// Satin paint and lacquer: a soft highlight.
    Satin,
    /// Glossy plastic and car paint: a sharp highlight and a sky reflection.
    Gloss,
    /// Brushed or polished metal.
    Metal,
    /// Woven fabric: a fine weave, no highlight.
    Fabric,
    /// Wood with grain along the part's length.
    Wood,
    /// Glass over a switched-off screen.
    Screen,
    /// Rubber and soft plastic.
    Rubber,
}

/// One part of a mesh: its paint and surface.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Part {
    pub paint: Paint,
    pub surface: Surface,
}

/// Shorthand for a [`Part`].
pub(crate) const fn part(paint: Paint, surface: Surface) -> Part {
    Part { paint, surface }
}

/// A mesh vertex: position, normal and surface coordinates in metres.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Vertex {
    pub p: V3,
    pub n: V3,
    pub uv: [f32; 2],
}

/// A triangle mesh whose triangles each name a part.
#[derive(Debug, Default, Clone)]
pub(crate) struct Mesh {
    pub vertices: Vec<Vertex>,
    /// Vertex indices and the part of each triangle.
    pub triangles: Vec<([u32; 3], u8)>,
    pub parts: Vec<Part>,
}

impl Mesh {
    /// Registers a part, returning its index.
    pub(crate) fn part(&mut self, part: Part) -> u8 {
        if let Some(i) = self.parts.iter().position(|p| *p == part) {
            return i as u8;
        }
        self.parts.push(part);
        (self.parts.len() - 1) as u8
    }

    fn vertex(&mut self, p: V3, n: V3, uv: [f32; 2]) -> u32 {
        self.vertices.push(Vertex { p, n, uv });
        (self.vertices.len() - 1) as u32
    }

    /// Adds a grid of `cols`×`rows` quads whose vertices `at(u, v)` gives (u, v in 0..=1).
    fn grid(
        &mut self,
        part: u8,
        cols: usize,
        rows: usize,
        at: impl Fn(f32, f32) -> (V3, V3, [f32; 2]),
    ) {
        let base = self.vertices.len() as u32;
        for j in 0..=rows {
            for i in 0..=cols {
                let (p, n, uv) = at(i as f32 / cols as f32, j as f32 / rows as f32);
                self.vertex(p, n, uv);
            }
        }
        let stride = cols as u32 + 1;
        for j in 0..rows as u32 {
            for i in 0..cols as u32 {
                let a = base + j * stride + i;
                let (b, c, d) = (a + 1, a + stride, a + stride + 1);
                self.triangles.push(([a, c, b], part));
                self.triangles.push(([b, c, d], part));
            }
        }
    }

    /// A box centred at `centre` with half extents `half`, its edges rounded by `radius`.
    pub(crate) fn rounded_box(&mut self, part: Part, centre: V3, half: V3, radius: f32) {
        let part = self.part(part);
        let r = radius.min(half.x).min(half.y).min(half.z).max(0.0);
        let inner = v3(half.x - r, half.y - r, half.z - r);
        // Grid steps bunched at the edges, where the rounding bends.
        let steps = [-1.0, -0.97, -0.88, -0.7, 0.0, 0.7, 0.88, 0.97, 1.0];
        let warp = |t: f32| {
            let f = t * (steps.len() - 1) as f32;
            let i = (f as usize).min(steps.len() - 2);
            steps[i] + (steps[i + 1] - steps[i]) * (f - i as f32)
        };
        // Six faces: (normal axis, u axis, v axis).
        let faces = [
            (v3(1.0, 0.0, 0.0), v3(0.0, 0.0, -1.0), v3(0.0, 1.0, 0.0)),
            (v3(-1.0, 0.0, 0.0), v3(0.0, 0.0, 1.0), v3(0.0, 1.0, 0.0)),
            (v3(0.0, 1.0, 0.0), v3(1.0, 0.0, 0.0), v3(0.0, 0.0, -1.0)),
            (v3(0.0, -1.0, 0.0), v3(1.0, 0.0, 0.0), v3(0.0, 0.0, 1.0)),
            (v3(0.0, 0.0, 1.0), v3(1.0, 0.0, 0.0), v3(0.0, 1.0, 0.0)),
            (v3(0.0, 0.0, -1.0), v3(-1.0, 0.0, 0.0), v3(0.0, 1.0, 0.0)),
        ];
        let mul = |a: V3, b: V3| v3(a.x * b.x, a.y * b.y, a.z * b.z);
        for (n, u, v) in faces {
            let cols = if r > 0.0 { steps.len() - 1 } else { 1 };
            self.grid(part, cols, cols, |s, t| {
                let (s, t) = if r > 0.0 {
                    (warp(s), warp(t))
                } else {
                    (s * 2.0 - 1.0, t * 2.0 - 1.0)
                };
                let q = mul(n + u * s + v * t, half);
                let clamped = v3(
                    q.x.clamp(-inner.x, inner.x),
                    q.y.clamp(-inner.y, inner.y),
                    q.z.clamp(-inner.z, inner.z),
                );
                let out = q - clamped;
                let normal = if out.length() > 1e-6 {
                    out.normalize()
                } else {
                    n
                };
                let p = centre + clamped + normal * r;
                let uv = [u.dot(q) + n.dot(v3(0.31, 0.17, 0.53)), v.dot(q)];
                (p, normal, uv)
            });
        }
    }

    /// A surface of revolution about the vertical axis through `centre`: `profile` lists
    /// (radius, height) pairs from bottom to top; a zero radius closes the end.
    pub(crate) fn lathe(&mut self, part: Part, centre: V3, profile: &[(f32, f32)], sides: usize) {
        let part = self.part(part);
        let n = profile.len();
        if n < 2 {
            return;
        }
        // Normals from the profile's neighbours, so the surface shades smoothly.
        let normal_2d = |i: usize| {
            let (r0, y0) = profile[i.saturating_sub(1)];
            let (r1, y1) = profile[(i + 1).min(n - 1)];
            let (dr, dy) = (r1 - r0, y1 - y0);
            let l = (dr * dr + dy * dy).sqrt().max(1e-6);
            (dy / l, -dr / l)
        };
        let mut along = vec![0.0f32; n];
        for i in 1..n {
            let (r0, y0) = profile[i - 1];
            let (r1, y1) = profile[i];
            along[i] = along[i - 1] + ((r1 - r0).powi(2) + (y1 - y0).powi(2)).sqrt();
        }
        let girth = profile.iter().map(|p| p.0).fold(0.0f32, f32::max) * std::f32::consts::TAU;
        self.grid(part, sides, n - 1, |s, t| {
            let i = ((t * (n - 1) as f32).round() as usize).min(n - 1);
            let (r, y) = profile[i];
            let (nr, ny) = normal_2d(i);
            let a = s * std::f32::consts::TAU;
            let (sa, ca) = a.sin_cos();
            let p = centre + v3(r * ca, y, r * sa);
            let normal = v3(nr * ca, ny, nr * sa).normalize();
            (p, normal, [s * girth, along[i]])
        });
    }

    /// A round tube of `radius` along the polyline `path`, its ends capped.
    pub(crate) fn tube(&mut self, part: Part, path: &[V3], radius: f32, sides: usize) {
        if path.len() < 2 {
            return;
        }
        let part_index = self.part(part);
        let mut length = 0.0;
        for pair in path.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let axis = (b - a).normalize();
            let (e1, e2) = basis(axis);
            let l = (b - a).length();
            let start = length;
            // Extend each segment a little so joints close.
            let (a, b) = (a - axis * (radius * 0.5), b + axis * (radius * 0.5));
            self.grid(part_index, sides, 1, |s, t| {
                let ang = s * std::f32::consts::TAU;
                let (sa, ca) = ang.sin_cos();
                let n = e1 * ca + e2 * sa;
                let p = a + (b - a) * t + n * radius;
                (p, n, [s * radius * std::f32::consts::TAU, start + t * l])
            });
            length += l;
        }
        // Caps as flat discs.
        for (end, dir) in [
            (path[0], path[0] - path[1]),
            (
                path[path.len() - 1],
                path[path.len() - 1] - path[path.len() - 2],
            ),
        ] {
            self.disc(
                part,
                end + dir.normalize() * (radius * 0.5),
                dir.normalize(),
                radius,
                sides,
            );
        }
    }

    /// A flat disc of `radius` facing `normal`.
    pub(crate) fn disc(&mut self, part: Part, centre: V3, normal: V3, radius: f32, sides: usize) {
        let part = self.part(part);
        let (e1, e2) = basis(normal);
        let c = self.vertex(centre, normal, [0.0, 0.0]);
        let first = self.vertices.len() as u32;
        for i in 0..sides {
            let a = i as f32 / sides as f32 * std::f32::consts::TAU;
            let (s, co) = a.sin_cos();
            let off = e1 * (co * radius) + e2 * (s * radius);
            self.vertex(centre + off, normal, [off.x + off.z, off.y]);
        }
        for i in 0..sides as u32 {
            let j = (i + 1) % sides as u32;
            self.triangles.push(([c, first + j, first + i], part));
        }
    }

    /// A sphere of `radius` about `centre`.
    pub(crate) fn sphere(&mut self, part: Part, centre: V3, radius: f32, sides: usize) {
        let rings = (sides / 2).max(3);
        let profile: Vec<(f32, f32)> = (0..=rings)
            .map(|i| {
                let a = i as f32 / rings as f32 * std::f32::consts::PI;
                (radius * a.sin(), radius * (1.0 - a.cos()) - radius)
            })
            .collect();
        self.lathe(part, centre, &profile, sides);
    }

    /// A ring (torus) of `radius` and tube `thickness` about `centre`, in the plane whose
    /// axes are `e1` and `e2`.
    pub(crate) fn ring(
        &mut self,
        part: Part,
        centre: V3,
        (e1, e2): (V3, V3),
        radius: f32,
        thickness: f32,
    ) {
        let path: Vec<V3> = (0..=32)
            .map(|i| {
                let (s, c) = (i as f32 / 32.0 * std::f32::consts::TAU).sin_cos();
                centre + e1 * (c * radius) + e2 * (s * radius)
            })
            .collect();
        self.tube(part, &path, thickness, 10);
    }

    /// Adds `other`, turned by `turn` (a rotation of positions and normals) then moved by `at`.
    pub(crate) fn add(&mut self, other: Mesh, turn: impl Fn(V3) -> V3, at: V3) {
        let base = self.vertices.len() as u32;
        let parts: Vec<u8> = other.parts.iter().map(|p| self.part(*p)).collect();
        self.vertices
            .extend(other.vertices.into_iter().map(|v| Vertex {
                p: turn(v.p) + at,
                n: turn(v.n),
                uv: v.uv,
            }));
        for (tri, p) in other.triangles {
            self.triangles
                .push((tri.map(|i| i + base), parts[usize::from(p)]));
        }
    }

    /// The axis-aligned bounds of every vertex.
    pub(crate) fn bounds(&self) -> (V3, V3) {
        let mut lo = v3(f32::MAX, f32::MAX, f32::MAX);
        let mut hi = v3(f32::MIN, f32::MIN, f32::MIN);
        for v in &self.vertices {
            lo = v3(lo.x.min(v.p.x), lo.y.min(v.p.y), lo.z.min(v.p.z));
            hi = v3(hi.x.max(v.p.x), hi.y.max(v.p.y), hi.z.max(v.p.z));
        }
        (lo, hi)
    }
}
