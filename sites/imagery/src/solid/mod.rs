//! Objects with form: a small z-buffered triangle rasterizer over the procedural meshes of
//! [`models`], shaded per pixel (a key light with a soft shadow map, a fill, the room's
//! environment, contact occlusion on the floor), for the photographic renderer.
//!
//! Kinds with a mesh are drawn in 3D inside the same placements the drawings use (so the
//! count, the sign band and the frame stay where they were); the rest keep their drawing.

mod mesh;
mod models;

pub(crate) use models::mesh_for;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tiny_skia::Pixmap;

use crate::model::Model;
use crate::painter::Finish;
use crate::scene::Placement;
use crate::spec::Pattern;
use mesh::{Mesh, Paint, Surface, V3, v3};

/// Whether `model` is drawn with form (has a mesh).
#[cfg(test)]
pub(crate) fn has_form(model: Model) -> bool {
    mesh_for(model).is_some()
}

/// The shot's view: how far the object is turned and how high the camera stands.
#[derive(Debug, Clone, Copy)]
struct View {
    /// Turn about the vertical axis, radians (positive shows the object's right side).
    yaw: f32,
    /// Camera elevation, radians above the horizon.
    elevation: f32,
    /// Camera distance in multiples of the object's size (perspective strength).
    distance: f32,
    /// The key light's direction (towards the light), in world space.
    key: V3,
}

/// The per-pixel record of what the rasterizer saw.
struct GBuffer {
    width: usize,
    height: usize,
    /// 1 / view depth of the nearest surface (0 = nothing).
    inv_depth: Vec<f32>,
    /// Object index (+1) and part of the nearest surface; 0 = nothing.
    id: Vec<u16>,
    pos: Vec<V3>,
    normal: Vec<V3>,
    uv: Vec<[f32; 2]>,
    /// Multiplies the backdrop: cast shadow and contact occlusion on the floor.
    floor: Vec<f32>,
}

impl GBuffer {
    fn new(width: usize, height: usize) -> GBuffer {
        let n = width * height;
        GBuffer {
            width,
            height,
            inv_depth: vec![0.0; n],
            id: vec![0; n],
            pos: vec![V3::default(); n],
            normal: vec![V3::default(); n],
            uv: vec![[0.0; 2]; n],
            floor: vec![1.0; n],
        }
    }
}

/// Maps world points (the mesh turned by the view's yaw) to pixels for one placement.
#[derive(Debug, Clone, Copy)]
struct Projector {
    target: V3,
    elevation: f32,
    camera_distance: f32,
    scale: f32,
    ox: f32,
    oy: f32,
}

impl Projector {
    /// Normalised perspective coordinates and the view depth.
    fn perspective(&self, p: V3) -> (f32, f32, f32) {
        let q = (p - self.target).pitch(-self.elevation);
        let depth = (self.camera_distance - q.z).max(1e-3);
        (q.x / depth, q.y / depth, depth)
    }

    /// Pixel x, y and 1 / depth.
    fn project(&self, p: V3) -> (f32, f32, f32) {
        let (x, y, depth) = self.perspective(p);
        (
            self.ox + x * self.scale,
            self.oy - y * self.scale,
            1.0 / depth,
        )
    }

    /// The camera's position in world space.
    fn eye(&self) -> V3 {
        self.target + v3(0.0, 0.0, self.camera_distance).pitch(self.elevation)
    }
}

/// A triangle's screen vertices: pixel x, y, 1 / depth.
type ScreenVertex = (f32, f32, f32);

/// The pixels from the lowest to the highest of `values`, clipped to `0..limit` (`None`
/// when they all lie outside).
fn pixel_span(values: [f32; 3], limit: usize) -> Option<(usize, usize)> {
    let lo = values
        .iter()
        .copied()
        .fold(f32::MAX, f32::min)
        .floor()
        .max(0.0);
    let hi = (values.iter().copied().fold(f32::MIN, f32::max).ceil()).min(limit as f32 - 1.0);
    (hi >= 0.0 && lo <= hi).then_some((lo as usize, hi as usize))
}

/// Visits every pixel centre inside the screen triangle with its perspective-correct
/// barycentric weights and 1 / depth.
fn rasterize(
    width: usize,
    height: usize,
    s: [ScreenVertex; 3],
    mut visit: impl FnMut(usize, [f32; 3], f32),
) {
    let area = (s[1].0 - s[0].0) * (s[2].1 - s[0].1) - (s[2].0 - s[0].0) * (s[1].1 - s[0].1);
    if area.abs() < 1e-8 {
        return;
    }
    let (Some((min_x, max_x)), Some((min_y, max_y))) = (
        pixel_span(s.map(|v| v.0), width),
        pixel_span(s.map(|v| v.1), height),
    ) else {
        return;
    };
    let inv_area = 1.0 / area;
    for y in min_y..=max_y {
        let py = y as f32 + 0.5;
        for x in min_x..=max_x {
            let px = x as f32 + 0.5;
            let w0 = ((s[1].0 - px) * (s[2].1 - py) - (s[2].0 - px) * (s[1].1 - py)) * inv_area;
            let w1 = ((s[2].0 - px) * (s[0].1 - py) - (s[0].0 - px) * (s[2].1 - py)) * inv_area;
            let w2 = 1.0 - w0 - w1;
            if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                continue;
            }
            let inv_depth = w0 * s[0].2 + w1 * s[1].2 + w2 * s[2].2;
            let k = 1.0 / inv_depth;
            visit(
                y * width + x,
                [w0 * s[0].2 * k, w1 * s[1].2 * k, w2 * s[2].2 * k],
                inv_depth,
            );
        }
    }
}

/// An orthographic depth map seen from the key light, for soft shadows.
struct ShadowMap {
    e1: V3,
    e2: V3,
    light: V3,
    origin: (f32, f32),
    texel: f32,
    depth: Vec<f32>,
}

/// Texels per side of a shadow map.
const SHADOW: usize = 160;

impl ShadowMap {
    fn new(mesh: &Mesh, light: V3) -> ShadowMap {
        let (e1, e2) = mesh::basis(light);
        let (mut lo, mut hi) = ((f32::MAX, f32::MAX), (f32::MIN, f32::MIN));
        for v in &mesh.vertices {
            let (a, b) = (v.p.dot(e1), v.p.dot(e2));
            lo = (lo.0.min(a), lo.1.min(b));
            hi = (hi.0.max(a), hi.1.max(b));
        }
        let span = (hi.0 - lo.0).max(hi.1 - lo.1).max(1e-3) * 1.04;
        let texel = span / SHADOW as f32;
        let origin = (lo.0 - span * 0.02, lo.1 - span * 0.02);
        let mut map = ShadowMap {
            e1,
            e2,
            light,
            origin,
            texel,
            depth: vec![f32::MIN; SHADOW * SHADOW],
        };
        let project = |p: V3| {
            (
                (p.dot(e1) - origin.0) / texel,
                (p.dot(e2) - origin.1) / texel,
                p.dot(light),
            )
        };
        for (tri, _) in &mesh.triangles {
            let s = tri.map(|i| project(mesh.vertices[i as usize].p));
            let depth = &mut map.depth;
            // Depth is linear here, so plain barycentrics (the rasterizer's third value
            // is taken as an attribute, not 1 / depth).
            rasterize(
                SHADOW,
                SHADOW,
                [
                    (s[0].0, s[0].1, 1.0),
                    (s[1].0, s[1].1, 1.0),
                    (s[2].0, s[2].1, 1.0),
                ],
                |i, w, _| {
                    let d = w[0] * s[0].2 + w[1] * s[1].2 + w[2] * s[2].2;
                    if d > depth[i] {
                        depth[i] = d;
                    }
                },
            );
        }
        map
    }

    /// How much of the key light reaches `p` (0 = fully shadowed), filtered over 4×4 texels.
    fn lit(&self, p: V3, bias: f32) -> f32 {
        let u = (p.dot(self.e1) - self.origin.0) / self.texel;
        let v = (p.dot(self.e2) - self.origin.1) / self.texel;
        let d = p.dot(self.light) + bias;
        let mut lit = 0.0;
        for dy in [-1.5f32, -0.5, 0.5, 1.5] {
            for dx in [-1.5f32, -0.5, 0.5, 1.5] {
                let (x, y) = ((u + dx * 1.3) as isize, (v + dy * 1.3) as isize);
                let blocked = x >= 0
                    && y >= 0
                    && (x as usize) < SHADOW
                    && (y as usize) < SHADOW
                    && self.depth[y as usize * SHADOW + x as usize] > d;
                if !blocked {
                    lit += 1.0;
                }
            }
        }
        lit / 16.0
    }
}

/// sRGB component (0–255) to linear light.
fn linear(c: u8) -> f32 {
    let c = f32::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light to an sRGB component (0–255).
fn srgb(l: f32) -> u8 {
    let l = l.clamp(0.0, 1.0);
    let c = if l <= 0.003_130_8 {
        l * 12.92
    } else {
        1.055 * l.powf(1.0 / 2.4) - 0.055
    };
    (c * 255.0).round() as u8
}

/// A soft highlight shoulder: linear below 0.8, approaching 1 above.
fn shoulder(l: f32) -> f32 {
    if l < 0.8 {
        l
    } else {
        0.8 + 0.2 * (1.0 - (-(l - 0.8) / 0.2).exp())
    }
}

/// A cheap deterministic hash noise in 0..1.
fn hash2(x: i32, y: i32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x27d4_eb2d) ^ (y as u32).wrapping_mul(0x1656_67b1);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    (h & 0xffff) as f32 / 65535.0
}

/// Smooth value noise in 0..1.
fn noise(x: f32, y: f32) -> f32 {
    let (xi, yi) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x.floor(), y - y.floor());
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let a = hash2(xi, yi) + (hash2(xi + 1, yi) - hash2(xi, yi)) * sx;
    let b = hash2(xi, yi + 1) + (hash2(xi + 1, yi + 1) - hash2(xi, yi + 1)) * sx;
    a + (b - a) * sy
}

/// Whether the pattern puts the accent colour at surface point `uv` (`period` metres).
fn pattern_accent(pattern: Pattern, uv: [f32; 2], period: f32) -> bool {
    let (u, v) = (uv[0] / period, uv[1] / period);
    match pattern {
        Pattern::Solid => false,
        Pattern::Striped => v.rem_euclid(1.0) < 0.45,
        Pattern::Dotted => {
            let (du, dv) = (u.rem_euclid(1.0) - 0.5, v.rem_euclid(1.0) - 0.5);
            du * du + dv * dv < 0.09
        }
        Pattern::Checkered => (u.floor() as i64 + v.floor() as i64).rem_euclid(2) == 0,
    }
}

/// Renders the model's meshes into the placements: lit object pixels go to `layer`
/// (opaque), and the floor's shadows and contact occlusion darken `backdrop`.
/// Returns false (drawing nothing) when the model has no mesh.
pub(crate) fn render(
    model: Model,
    finish: Finish,
    placements: &[Placement],
    seed: u64,
    backdrop: &mut Pixmap,
    layer: &mut Pixmap,
) -> bool {
    let Some(mesh) = models::mesh_for(model) else {
        return false;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5011_d5ee_d000_0001);
    let facing_left = placements.first().is_some_and(|p| p.frame.sx < 0.0);
    let yaw = rng.random_range(0.35f32..0.75) * if facing_left { -1.0 } else { 1.0 };
    let view = View {
        yaw,
        elevation: rng.random_range(0.12f32..0.42),
        distance: rng.random_range(2.6f32..4.5),
        key: v3(finish.light * 0.9 + 0.15, 1.3, 0.9).normalize(),
    };
    let world = turned(&mesh, view.yaw);
    let (lo, hi) = world.bounds();
    let size = (hi - lo).length().max(1e-3);
    let shadow = ShadowMap::new(&world, view.key);
    let (width, height) = (layer.width() as usize, layer.height() as usize);
    let mut g = GBuffer::new(width, height);
    let contacts = contact_points(&world, lo.y, size);
    let mut projectors = Vec::with_capacity(placements.len());
    for (index, place) in placements.iter().enumerate() {
        let projector = fit(&world, view, size, place);
        floor_pass(&mut g, &projector, &shadow, &contacts, view, (lo, hi), size);
        geometry_pass(&mut g, &world, &projector, index);
        projectors.push(projector);
    }
    shade(
        &mut g,
        &world,
        &projectors,
        &shadow,
        view,
        finish,
        size,
        seed,
        backdrop,
        layer,
    );
    true
}

/// The mesh turned by `yaw` (positions and normals).
fn turned(mesh: &Mesh, yaw: f32) -> Mesh {
    let mut world = mesh.clone();
    for v in &mut world.vertices {
        v.p = v.p.yaw(yaw);
        v.n = v.n.yaw(yaw);
    }
    world
}

/// A projector that fits the turned mesh into a placement: centred, standing on its floor.
fn fit(world: &Mesh, view: View, size: f32, place: &Placement) -> Projector {
    let (lo, hi) = world.bounds();
    let mut projector = Projector {
        target: (lo + hi) * 0.5,
        elevation: view.elevation,
        camera_distance: size * view.distance,
        scale: 1.0,
        ox: 0.0,
        oy: 0.0,
    };
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for v in &world.vertices {
        let (x, y, _) = projector.perspective(v.p);
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    let (rw, rh) = (place.right - place.left, place.floor - place.top);
    let scale = (rw / (x1 - x0).max(1e-6)).min(rh / (y1 - y0).max(1e-6));
    projector.scale = scale;
    projector.ox = (place.left + place.right) / 2.0 - scale * (x0 + x1) / 2.0;
    projector.oy = place.floor + y0 * scale;
    projector
}

/// Up to 48 points where the mesh nearly touches the floor, for contact occlusion.
fn contact_points(world: &Mesh, floor: f32, size: f32) -> Vec<(f32, f32)> {
    let near = size * 0.03;
    let cell = size * 0.025;
    let mut points: Vec<(f32, f32)> = Vec::new();
    for v in world.vertices.iter().filter(|v| v.p.y - floor < near) {
        let key = ((v.p.x / cell).round(), (v.p.z / cell).round());
        if !points
            .iter()
            .any(|p| ((p.0 / cell).round(), (p.1 / cell).round()) == key)
        {
            points.push((v.p.x, v.p.z));
            if points.len() >= 48 {
                break;
            }
        }
    }
    points
}

/// Rasterizes a floor quad under the object: its cast shadow and contact occlusion.
#[allow(clippy::too_many_arguments)]
fn floor_pass(
    g: &mut GBuffer,
    projector: &Projector,
    shadow: &ShadowMap,
    contacts: &[(f32, f32)],
    view: View,
    (lo, hi): (V3, V3),
    size: f32,
) {
    let reach = size * 1.1;
    // The shadow falls away from the light; the quad reaches further on that side.
    let away = v3(-view.key.x, 0.0, -view.key.z).normalize();
    let (x0, x1) = (
        lo.x - reach * (0.3 + (-away.x).max(0.0)),
        hi.x + reach * (0.3 + away.x.max(0.0)),
    );
    let (z0, z1) = (
        lo.z - reach * (0.3 + (-away.z).max(0.0)),
        hi.z + reach * 0.3,
    );
    let y = lo.y;
    let corners = [v3(x0, y, z0), v3(x1, y, z0), v3(x1, y, z1), v3(x0, y, z1)];
    let s = corners.map(|c| projector.project(c));
    let sigma2 = (size * 0.045).powi(2);
    let (width, height) = (g.width, g.height);
    for tri in [[0usize, 1, 2], [0, 2, 3]] {
        let screen = tri.map(|i| s[i]);
        let world_corners = tri.map(|i| corners[i]);
        rasterize(width, height, screen, |i, w, _| {
            let p = world_corners[0] * w[0] + world_corners[1] * w[1] + world_corners[2] * w[2];
            let lit = shadow.lit(p, size * 0.004);
            let mut occlusion = 0.0;
            for &(cx, cz) in contacts {
                let d2 = (p.x - cx).powi(2) + (p.z - cz).powi(2);
                // Beyond three sigmas a contact adds nothing visible.
                if d2 < sigma2 * 9.0 {
                    occlusion += 0.16 * (-d2 / sigma2).exp();
                }
            }
            // A broad soft darkening under the whole object (sky light it blocks).
            let (dx, dz) = (
                (lo.x - p.x).max(p.x - hi.x).max(0.0),
                (lo.z - p.z).max(p.z - hi.z).max(0.0),
            );
            let under = 0.22 * (-(dx * dx + dz * dz) / (size * size * 0.02)).exp();
            let factor = (1.0 - 0.42 * (1.0 - lit)) * (1.0 - occlusion.min(0.55)) * (1.0 - under);
            g.floor[i] = g.floor[i].min(factor);
        });
    }
}

/// Rasterizes the object's triangles into the G-buffer.
fn geometry_pass(g: &mut GBuffer, world: &Mesh, projector: &Projector, index: usize) {
    let screen: Vec<ScreenVertex> = world
        .vertices
        .iter()
        .map(|v| projector.project(v.p))
        .collect();
    let (width, height) = (g.width, g.height);
    for (tri, part) in &world.triangles {
        let [a, b, c] = tri.map(|i| i as usize);
        let s = [screen[a], screen[b], screen[c]];
        let vs = [world.vertices[a], world.vertices[b], world.vertices[c]];
        let id = ((index as u16 + 1) << 8) | u16::from(*part);
        rasterize(width, height, s, |i, w, inv_depth| {
            if inv_depth <= g.inv_depth[i] {
                return;
            }
            g.inv_depth[i] = inv_depth;
            g.id[i] = id;
            g.pos[i] = vs[0].p * w[0] + vs[1].p * w[1] + vs[2].p * w[2];
            g.normal[i] = vs[0].n * w[0] + vs[1].n * w[1] + vs[2].n * w[2];
            g.uv[i] = [
                vs[0].uv[0] * w[0] + vs[1].uv[0] * w[1] + vs[2].uv[0] * w[2],
                vs[0].uv[1] * w[0] + vs[1].uv[1] * w[1] + vs[2].uv[1] * w[2],
            ];
        });
    }
}

/// Shades every covered pixel into `layer` and darkens the backdrop's floor.
#[allow(clippy::too_many_arguments)]
fn shade(
    g: &mut GBuffer,
    world: &Mesh,
    projectors: &[Projector],
    shadow: &ShadowMap,
    view: View,
    finish: Finish,
    size: f32,
    seed: u64,
    backdrop: &mut Pixmap,
    layer: &mut Pixmap,
) {
    let primary = finish.primary.map(linear);
    let secondary = finish.secondary.map(linear);
    let period = size / 9.0;
    let grain = (seed % 997) as f32;
    let key = view.key;
    let fill = v3(-key.x, 0.35, 0.8).normalize();
    let eyes: Vec<V3> = projectors.iter().map(Projector::eye).collect();
    let floor_y = world.bounds().0.y;
    {
        let pixels = backdrop.pixels_mut();
        for (i, px) in pixels.iter_mut().enumerate() {
            let f = g.floor[i];
            if f < 0.999 && g.id[i] == 0 {
                let c = px.demultiply();
                let m = |v: u8| (f32::from(v) * f).round() as u8;
                *px = tiny_skia::ColorU8::from_rgba(m(c.red()), m(c.green()), m(c.blue()), 255)
                    .premultiply();
            }
        }
    }
    let out = layer.pixels_mut();
    #[allow(clippy::needless_range_loop)]
    for i in 0..g.id.len() {
        let id = g.id[i];
        if id == 0 {
            continue;
        }
        let object = usize::from(id >> 8) - 1;
        let part = world.parts[usize::from(id & 0xff)];
        let p = g.pos[i];
        let uv = g.uv[i];
        let eye = eyes[object.min(eyes.len() - 1)];
        let to_eye = (eye - p).normalize();
        let mut n = g.normal[i].normalize();
        if n.dot(to_eye) < 0.0 {
            n = -n;
        }
        // The paint.
        let mut albedo = match part.paint {
            Paint::Body => {
                if pattern_accent(finish.pattern, uv, period) {
                    secondary
                } else {
                    primary
                }
            }
            Paint::Accent(default) => {
                if finish.two_tone || finish.pattern != Pattern::Solid {
                    secondary
                } else {
                    default.map(linear)
                }
            }
            Paint::Trim => {
                if finish.two_tone || finish.pattern != Pattern::Solid {
                    secondary
                } else {
                    primary
                }
            }
            Paint::Fixed(rgb) => rgb.map(linear),
            Paint::Deep => primary.map(|c| c * 0.3),
        };
        // The surface's own texture.
        let (ks, shininess, reflect) = match part.surface {
            Surface::Matte => (0.05, 12.0, 0.0),
            Surface::Satin => (0.16, 28.0, 0.03),
            Surface::Gloss => (0.45, 90.0, 0.08),
            Surface::Metal => (0.55, 40.0, 0.25),
            Surface::Fabric => (0.015, 6.0, 0.0),
            Surface::Wood => (0.1, 24.0, 0.02),
            Surface::Screen => (0.7, 160.0, 0.05),
            Surface::Rubber => (0.04, 10.0, 0.0),
        };
        let texture = match part.surface {
            Surface::Wood => {
                let u = uv[0] / size * 60.0;
                let v = uv[1] / size * 6.0;
                let ring = (u + noise(u * 0.5 + grain, v * 0.7) * 5.0).sin() * 0.5 + 0.5;
                0.86 + 0.14 * ring + (noise(u * 4.0, v * 20.0) - 0.5) * 0.08
            }
            Surface::Fabric => {
                let k = 900.0 / size.max(0.2);
                let weave = ((uv[0] * k).sin() * (uv[1] * k).sin()).abs();
                0.94 + 0.06 * weave + (noise(uv[0] * k * 0.1, uv[1] * k * 0.1) - 0.5) * 0.06
            }
            Surface::Metal => 0.95 + (noise(uv[0] * 400.0 / size, uv[1] * 4.0 / size) - 0.5) * 0.1,
            _ => 1.0 + (noise(uv[0] * 80.0 / size, uv[1] * 80.0 / size) - 0.5) * 0.03,
        };
        albedo = albedo.map(|c| c * texture);
        // The light.
        let lit = shadow.lit(p, size * 0.006);
        let diffuse_key = n.dot(key).max(0.0) * lit;
        let diffuse_fill = n.dot(fill).max(0.0);
        let sky = 0.5 + 0.5 * n.y;
        // Ambient occlusion near the floor and in creases (from the normal's droop).
        let height = (p.y - floor_y).max(0.0) / size;
        let ao = (1.0 - 0.35 * (-height * 18.0).exp()) * (0.85 + 0.15 * sky);
        let ambient = (0.34 * sky + 0.14 * (1.0 - sky)) * ao;
        // Exposed so a face turned to the camera comes out near its paint's own colour;
        // light paints take shallower shadows so white stays white, not grey.
        let light = 1.35 * (ambient + 0.62 * diffuse_key + 0.16 * diffuse_fill);
        let light = 1.0 - (1.0 - light) * finish.depth;
        let half = (key + to_eye).normalize();
        let spec = ks * n.dot(half).max(0.0).powf(shininess) * lit;
        let r = n * (2.0 * n.dot(to_eye)) - to_eye;
        let env = if r.y > 0.0 { 0.55 + 0.4 * r.y } else { 0.18 };
        let fresnel = reflect + (1.0 - reflect) * 0.04 * (1.0 - n.dot(to_eye).max(0.0)).powi(5);
        let colour = albedo.map(|c| {
            shoulder(c * light * (1.0 - reflect) + spec * finish.gloss + env * fresnel * 0.6)
        });
        out[i] =
            tiny_skia::ColorU8::from_rgba(srgb(colour[0]), srgb(colour[1]), srgb(colour[2]), 255)
                .premultiply();
    }
}

#[cfg(test)]
mod tests;
