//! What each kind of product is made of, how it is described and how big and heavy it is:
//! the per-kind words a product's description and details table are composed from, so a
//! laptop is aluminum and weighs pounds, a sofa is upholstered and weighs a hundred.

use imagery::ObjectKind;

/// How many material slots the seed draws from (every list's length divides it, so each
/// material of a kind is equally likely).
pub const MATERIAL_SLOTS: usize = 12;
/// How many feature slots the seed draws from (every list's length divides it).
pub const FEATURE_SLOTS: usize = 8;

/// What one drawing of a kind is built from and how big it is.
#[derive(Debug)]
pub struct Build {
    /// Materials (or containers, or formats) it comes in; the length divides
    /// [`MATERIAL_SLOTS`].
    pub materials: &'static [&'static str],
    /// Lightest and heaviest item weight in pounds.
    pub weight: (f32, f32),
    /// Typical width, depth and height in inches (the heaviest items are the largest).
    pub size: [f32; 3],
}

/// The words for one kind of product.
#[derive(Debug)]
pub struct KindWords {
    /// The details row naming the material ("Material", "Package Type").
    pub row: &'static str,
    /// How the description introduces it ("Crafted from", "Packed in a").
    pub made: &'static str,
    /// Phrases that fit both "… and {feature}" and "it is {feature}"; the length divides
    /// [`FEATURE_SLOTS`].
    pub features: &'static [&'static str],
    /// The build of the kind's drawings, unless one is listed in `drawings`.
    pub build: Build,
    /// Builds of particular drawings, by template name.
    pub drawings: &'static [(&'static str, Build)],
}

impl KindWords {
    /// The build of the drawing called `template`.
    pub fn build(&self, template: &str) -> &Build {
        self.drawings
            .iter()
            .find(|(name, _)| *name == template)
            .map_or(&self.build, |(_, build)| build)
    }
}

const fn build(materials: &'static [&'static str], weight: (f32, f32), size: [f32; 3]) -> Build {
    Build {
        materials,
        weight,
        size,
    }
}

const fn crafted(
    features: &'static [&'static str],
    build: Build,
    drawings: &'static [(&'static str, Build)],
) -> KindWords {
    KindWords {
        row: "Material",
        made: "Crafted from",
        features,
        build,
        drawings,
    }
}

const GENERIC: KindWords = crafted(
    &[
        "built to last through daily use",
        "easy to clean and simple to store",
        "backed by a one-year limited warranty",
        "tested for durability by our product team",
    ],
    build(
        &["Plastic", "Steel", "Aluminum"],
        (1.0, 20.0),
        [12.0, 8.0, 6.0],
    ),
    &[],
);

const FURNITURE: &[&str] = &[
    "built to last through daily use",
    "simple to assemble with the included tools",
    "sturdy enough for years of everyday use",
    "finished to resist scratches and stains",
];

const UPHOLSTERED: &[&str] = &[
    "filled with high-resilience foam",
    "upholstered with double-stitched seams",
    "comfortable enough for long afternoons",
    "easy to clean with a damp cloth",
];

const CLOTHING: &[&str] = &[
    "cut for a relaxed, comfortable fit",
    "machine washable",
    "finished with reinforced seams",
    "soft against the skin",
];

const ELECTRONICS: &[&str] = &[
    "backed by a one-year limited warranty",
    "quick to set up out of the box",
    "energy efficient in everyday use",
    "tested for reliability by our product team",
];

const LIGHTING: &[&str] = &[
    "fitted with long-life LEDs",
    "bright enough to light a whole room",
    "energy efficient in everyday use",
    "quick to set up out of the box",
];

/// The words for `kind`.
pub fn words(kind: ObjectKind) -> &'static KindWords {
    match kind {
        ObjectKind::Bicycle => &BICYCLE,
        ObjectKind::Motorcycle => &MOTORCYCLE,
        ObjectKind::Kayak => &KAYAK,
        ObjectKind::Phone => &PHONE,
        ObjectKind::Laptop => &LAPTOP,
        ObjectKind::Television => &TELEVISION,
        ObjectKind::Sofa => &SOFA,
        ObjectKind::Chair => &CHAIR,
        ObjectKind::Table => &TABLE,
        ObjectKind::Jacket => &JACKET,
        ObjectKind::Shoes => &SHOES,
        ObjectKind::Guitar => &GUITAR,
        ObjectKind::Lamp => &LAMP,
        ObjectKind::Headphones => &HEADPHONES,
        ObjectKind::Camera => &CAMERA,
        ObjectKind::Shirt => &SHIRT,
        ObjectKind::Package => &PACKAGE,
        ObjectKind::Kitchenware => &KITCHENWARE,
        ObjectKind::Cosmetic => &COSMETIC,
        ObjectKind::Toy => &TOY,
        ObjectKind::Tool => &TOOL,
        ObjectKind::Book => &BOOK,
        ObjectKind::SportsGear => &SPORTS_GEAR,
        ObjectKind::Keyboard => &KEYBOARD,
        ObjectKind::Mouse => &MOUSE,
        ObjectKind::Monitor => &MONITOR,
        ObjectKind::Speaker => &SPEAKER,
        ObjectKind::Amplifier => &AMPLIFIER,
        ObjectKind::MediaPlayer => &MEDIA_PLAYER,
        ObjectKind::Watch => &WATCH,
        ObjectKind::Tablet => &TABLET,
        ObjectKind::Gadget => &GADGET,
        ObjectKind::Bag => &BAG,
        ObjectKind::Light => &LIGHT,
        ObjectKind::Stand => &STAND,
        ObjectKind::ToyVehicle => &TOY_VEHICLE,
        _ => &GENERIC,
    }
}

static BICYCLE: KindWords = crafted(
    &[
        "tuned and ready to ride",
        "fitted with dependable brakes",
        "easy to adjust for a proper fit",
        "light enough to carry up the stairs",
    ],
    build(
        &["Aluminum", "Steel", "Carbon Fiber", "Chromoly Steel"],
        (22.0, 40.0),
        [68.0, 24.0, 40.0],
    ),
    &[
        (
            "folding bike",
            build(&["Aluminum", "Steel"], (22.0, 32.0), [58.0, 22.0, 42.0]),
        ),
        (
            "e-bike",
            build(&["Aluminum", "Steel"], (45.0, 70.0), [70.0, 26.0, 42.0]),
        ),
        (
            "kids' bike with training wheels",
            build(&["Steel", "Aluminum"], (14.0, 24.0), [48.0, 22.0, 30.0]),
        ),
        (
            "BMX bike",
            build(
                &["Chromoly Steel", "Steel", "Aluminum"],
                (22.0, 30.0),
                [60.0, 26.0, 38.0],
            ),
        ),
        (
            "tandem bike",
            build(&["Aluminum", "Steel"], (40.0, 60.0), [96.0, 24.0, 40.0]),
        ),
        (
            "balance bike",
            build(
                &["Wood", "Aluminum", "Steel"],
                (6.0, 10.0),
                [34.0, 14.0, 22.0],
            ),
        ),
        (
            "tricycle",
            build(&["Steel", "Plastic"], (10.0, 18.0), [30.0, 20.0, 24.0]),
        ),
    ],
);

static MOTORCYCLE: KindWords = crafted(
    &[
        "tuned and ready to ride",
        "fitted with disc brakes front and rear",
        "comfortable on long rides",
        "easy to maintain at home",
    ],
    build(
        &["Steel Frame", "Aluminum Frame", "Chromoly Frame"],
        (180.0, 550.0),
        [80.0, 30.0, 45.0],
    ),
    &[
        (
            "scooter",
            build(
                &["Steel Frame", "Aluminum Frame"],
                (150.0, 260.0),
                [70.0, 27.0, 44.0],
            ),
        ),
        (
            "dirt bike",
            build(
                &["Steel Frame", "Aluminum Frame"],
                (90.0, 230.0),
                [72.0, 30.0, 46.0],
            ),
        ),
        (
            "touring motorcycle",
            build(
                &["Steel Frame", "Aluminum Frame"],
                (600.0, 900.0),
                [98.0, 38.0, 58.0],
            ),
        ),
    ],
);

static KAYAK: KindWords = crafted(
    &[
        "stable on calm water",
        "fitted with an adjustable padded seat",
        "easy to carry to the water",
        "built to track straight",
    ],
    build(
        &["Polyethylene", "Fiberglass", "Rotomolded Plastic"],
        (35.0, 70.0),
        [120.0, 30.0, 14.0],
    ),
    &[
        (
            "inflatable kayak",
            build(
                &["PVC", "Drop-Stitch PVC", "Nylon"],
                (20.0, 35.0),
                [120.0, 36.0, 16.0],
            ),
        ),
        (
            "paddle board",
            build(
                &["Epoxy", "Drop-Stitch PVC", "Foam Core"],
                (18.0, 32.0),
                [126.0, 32.0, 6.0],
            ),
        ),
        (
            "canoe",
            build(
                &["Aluminum", "Polyethylene", "Fiberglass"],
                (55.0, 85.0),
                [192.0, 36.0, 16.0],
            ),
        ),
        (
            "tandem kayak",
            build(
                &["Polyethylene", "Rotomolded Plastic"],
                (60.0, 85.0),
                [150.0, 34.0, 15.0],
            ),
        ),
    ],
);

static PHONE: KindWords = crafted(
    ELECTRONICS,
    build(
        &["Aluminum", "Glass", "Polycarbonate"],
        (0.3, 0.6),
        [2.9, 0.35, 6.0],
    ),
    &[
        (
            "phone in a wallet case",
            build(
                &["Leather", "Faux Leather", "Canvas"],
                (0.2, 0.5),
                [3.2, 0.6, 6.3],
            ),
        ),
        (
            "flip phone",
            build(
                &["Polycarbonate", "Aluminum", "Plastic"],
                (0.2, 0.4),
                [2.2, 0.7, 4.2],
            ),
        ),
    ],
);

static LAPTOP: KindWords = crafted(
    ELECTRONICS,
    build(
        &["Aluminum", "Magnesium Alloy", "Polycarbonate"],
        (2.4, 6.0),
        [13.0, 9.0, 0.7],
    ),
    &[],
);

static TELEVISION: KindWords = crafted(
    ELECTRONICS,
    build(
        &["Plastic", "Aluminum", "Steel"],
        (15.0, 60.0),
        [48.0, 9.0, 30.0],
    ),
    &[
        (
            "retro TV",
            build(
                &["Wood Veneer", "Plastic"],
                (20.0, 45.0),
                [24.0, 18.0, 20.0],
            ),
        ),
        (
            "portrait display",
            build(&["Aluminum", "Steel"], (60.0, 120.0), [28.0, 16.0, 72.0]),
        ),
        (
            "display on a rolling stand",
            build(&["Aluminum", "Steel"], (90.0, 180.0), [60.0, 28.0, 66.0]),
        ),
    ],
);

static SOFA: KindWords = crafted(
    UPHOLSTERED,
    build(
        &[
            "Fabric",
            "Leather",
            "Velvet",
            "Linen",
            "Microfiber",
            "Faux Leather",
        ],
        (70.0, 180.0),
        [84.0, 36.0, 34.0],
    ),
    &[
        (
            "sectional sofa",
            build(
                &["Fabric", "Leather", "Microfiber"],
                (150.0, 280.0),
                [112.0, 64.0, 34.0],
            ),
        ),
        (
            "modern loveseat",
            build(
                &["Fabric", "Leather", "Velvet"],
                (50.0, 110.0),
                [60.0, 34.0, 33.0],
            ),
        ),
        (
            "garden bench",
            build(
                &["Teak", "Acacia Wood", "Cast Aluminum"],
                (25.0, 60.0),
                [50.0, 24.0, 34.0],
            ),
        ),
        (
            "porch swing",
            build(
                &["Cedar", "Pine", "Poly Lumber"],
                (45.0, 90.0),
                [60.0, 24.0, 24.0],
            ),
        ),
        (
            "bean bag",
            build(
                &["Polyester", "Faux Fur", "Nylon"],
                (8.0, 20.0),
                [36.0, 36.0, 30.0],
            ),
        ),
        (
            "daybed",
            build(
                &["Fabric", "Wood", "Metal"],
                (70.0, 140.0),
                [80.0, 42.0, 38.0],
            ),
        ),
    ],
);

static CHAIR: KindWords = crafted(
    FURNITURE,
    build(
        &["Wood", "Steel", "Plastic", "Rattan"],
        (8.0, 30.0),
        [22.0, 22.0, 36.0],
    ),
    &[
        (
            "office chair",
            build(
                &["Mesh", "Leather", "Fabric"],
                (25.0, 55.0),
                [26.0, 26.0, 44.0],
            ),
        ),
        (
            "armchair",
            build(
                &["Fabric", "Leather", "Velvet"],
                (35.0, 70.0),
                [32.0, 32.0, 38.0],
            ),
        ),
        (
            "gaming chair",
            build(
                &["Faux Leather", "Mesh", "Fabric"],
                (40.0, 60.0),
                [27.0, 27.0, 52.0],
            ),
        ),
        (
            "bar stool",
            build(
                &["Steel", "Wood", "Faux Leather"],
                (10.0, 22.0),
                [17.0, 17.0, 40.0],
            ),
        ),
        (
            "round stool",
            build(&["Steel", "Faux Leather"], (6.0, 14.0), [15.0, 15.0, 24.0]),
        ),
        (
            "padded bench",
            build(
                &["Wood", "Faux Leather", "Fabric"],
                (15.0, 35.0),
                [30.0, 14.0, 20.0],
            ),
        ),
        (
            "folding chair",
            build(
                &["Steel", "Aluminum", "Plastic"],
                (6.0, 12.0),
                [18.0, 20.0, 31.0],
            ),
        ),
        (
            "camping chair",
            build(
                &["Polyester", "Nylon", "Canvas"],
                (5.0, 12.0),
                [24.0, 22.0, 36.0],
            ),
        ),
        (
            "lounge chair",
            build(
                &["Textilene", "Steel", "Aluminum"],
                (15.0, 25.0),
                [26.0, 64.0, 44.0],
            ),
        ),
        (
            "adirondack chair",
            build(
                &["Cedar", "Poly Lumber", "Acacia Wood"],
                (15.0, 40.0),
                [30.0, 34.0, 37.0],
            ),
        ),
        (
            "egg chair",
            build(
                &["Wicker", "Rattan", "Resin Wicker"],
                (50.0, 90.0),
                [40.0, 40.0, 76.0],
            ),
        ),
        (
            "hammock chair",
            build(
                &["Cotton", "Polyester", "Canvas"],
                (3.0, 8.0),
                [40.0, 36.0, 50.0],
            ),
        ),
    ],
);

static TABLE: KindWords = crafted(
    FURNITURE,
    build(
        &[
            "Solid Wood",
            "Oak Veneer",
            "Walnut",
            "Glass",
            "Steel",
            "Engineered Wood",
        ],
        (30.0, 120.0),
        [60.0, 36.0, 30.0],
    ),
    &[
        (
            "side table",
            build(
                &["Solid Wood", "Engineered Wood", "Steel"],
                (8.0, 25.0),
                [20.0, 20.0, 24.0],
            ),
        ),
        (
            "nightstand",
            build(
                &["Solid Wood", "Engineered Wood", "Oak Veneer"],
                (20.0, 50.0),
                [20.0, 16.0, 26.0],
            ),
        ),
        (
            "bar table",
            build(
                &["Steel", "Solid Wood", "Engineered Wood"],
                (20.0, 45.0),
                [28.0, 28.0, 42.0],
            ),
        ),
        (
            "folding table",
            build(
                &["Plastic", "Steel", "Aluminum"],
                (15.0, 35.0),
                [72.0, 30.0, 29.0],
            ),
        ),
        (
            "picnic table",
            build(
                &["Cedar", "Pine", "Poly Lumber"],
                (80.0, 180.0),
                [72.0, 60.0, 30.0],
            ),
        ),
        (
            "kids' play table",
            build(
                &["Plastic", "Solid Wood", "Engineered Wood"],
                (15.0, 40.0),
                [36.0, 24.0, 20.0],
            ),
        ),
        (
            "printer stand",
            build(
                &["Engineered Wood", "Steel"],
                (10.0, 25.0),
                [24.0, 16.0, 26.0],
            ),
        ),
        (
            "standing desk",
            build(
                &["Engineered Wood", "Bamboo", "Steel"],
                (60.0, 110.0),
                [55.0, 28.0, 46.0],
            ),
        ),
    ],
);

static JACKET: KindWords = crafted(
    CLOTHING,
    build(
        &["Nylon", "Polyester", "Cotton", "Wool", "Fleece", "Down"],
        (0.8, 3.0),
        [24.0, 2.0, 30.0],
    ),
    &[
        (
            "sweater",
            build(
                &["Wool", "Cotton", "Cashmere", "Acrylic"],
                (0.6, 1.6),
                [22.0, 1.5, 27.0],
            ),
        ),
        (
            "moto jacket",
            build(
                &["Leather", "Faux Leather", "Suede"],
                (2.0, 4.5),
                [24.0, 2.0, 26.0],
            ),
        ),
        (
            "blazer",
            build(
                &["Wool", "Linen", "Cotton", "Tweed"],
                (1.2, 2.5),
                [23.0, 2.0, 30.0],
            ),
        ),
        (
            "hooded rain jacket",
            build(
                &["Nylon", "Polyester", "Gore-Tex"],
                (0.5, 1.5),
                [24.0, 2.0, 31.0],
            ),
        ),
    ],
);

static SHOES: KindWords = crafted(
    &[
        "cushioned for all-day comfort",
        "fitted with a grippy rubber sole",
        "true to size",
        "easy to slip on and off",
    ],
    build(
        &["Leather", "Suede", "Canvas", "Mesh", "Synthetic", "Nubuck"],
        (1.0, 3.5),
        [12.0, 4.5, 5.0],
    ),
    &[
        (
            "sandals",
            build(
                &["Leather", "Synthetic", "Rubber"],
                (0.6, 1.6),
                [11.0, 4.0, 3.0],
            ),
        ),
        (
            "slippers",
            build(
                &["Fleece", "Wool", "Faux Fur"],
                (0.4, 1.2),
                [11.0, 4.5, 4.0],
            ),
        ),
        (
            "boots",
            build(
                &["Leather", "Suede", "Nubuck"],
                (2.5, 5.0),
                [12.0, 5.0, 9.0],
            ),
        ),
    ],
);

static GUITAR: KindWords = crafted(
    &[
        "set up for easy playability",
        "shipped tuned and ready to play",
        "rich and balanced in tone",
        "comfortable for long practice sessions",
    ],
    build(
        &["Spruce", "Mahogany", "Maple", "Rosewood", "Alder", "Ash"],
        (4.0, 10.0),
        [15.0, 4.5, 40.0],
    ),
    &[
        (
            "ukulele",
            build(&["Mahogany", "Koa", "Spruce"], (0.8, 1.8), [8.0, 3.0, 23.0]),
        ),
        (
            "mandolin",
            build(
                &["Spruce", "Maple", "Mahogany"],
                (1.5, 3.0),
                [11.0, 3.0, 27.0],
            ),
        ),
        (
            "banjo",
            build(
                &["Maple", "Mahogany", "Walnut"],
                (6.0, 12.0),
                [14.0, 5.0, 38.0],
            ),
        ),
    ],
);

static LAMP: KindWords = crafted(
    LIGHTING,
    build(
        &["Metal", "Ceramic", "Brass", "Glass"],
        (3.0, 12.0),
        [12.0, 12.0, 24.0],
    ),
    &[
        (
            "floor lamp",
            build(&["Metal", "Brass", "Wood"], (8.0, 20.0), [16.0, 16.0, 64.0]),
        ),
        (
            "light bulb",
            build(&["Glass", "Polycarbonate"], (0.1, 0.3), [2.4, 2.4, 4.4]),
        ),
        (
            "LED strip reel",
            build(
                &["Silicone", "PVC", "Flexible PCB"],
                (0.3, 1.2),
                [6.0, 6.0, 1.5],
            ),
        ),
        (
            "ring light",
            build(&["Aluminum", "Plastic"], (3.0, 8.0), [18.0, 18.0, 60.0]),
        ),
        (
            "clip-on ring light",
            build(&["Plastic", "Silicone"], (0.1, 0.3), [3.5, 1.5, 3.5]),
        ),
        (
            "night light",
            build(&["Plastic", "Silicone"], (0.1, 0.4), [3.0, 2.0, 4.0]),
        ),
        (
            "lamp shade",
            build(
                &["Linen", "Fabric", "Paper"],
                (0.6, 2.0),
                [14.0, 14.0, 10.0],
            ),
        ),
    ],
);

static HEADPHONES: KindWords = crafted(
    &[
        "comfortable through long listening sessions",
        "tuned for clear, balanced sound",
        "quick to pair with phones and laptops",
        "folded flat for travel",
    ],
    build(
        &["Plastic", "Aluminum", "Faux Leather"],
        (0.4, 0.9),
        [7.0, 3.5, 8.0],
    ),
    &[],
);

static CAMERA: KindWords = crafted(
    ELECTRONICS,
    build(
        &["Magnesium Alloy", "Polycarbonate", "Aluminum"],
        (0.5, 2.0),
        [5.0, 3.0, 3.5],
    ),
    &[(
        "action camera",
        build(&["Polycarbonate", "Aluminum"], (0.2, 0.4), [2.6, 1.4, 1.8]),
    )],
);

static SHIRT: KindWords = crafted(
    CLOTHING,
    build(
        &["Cotton", "Polyester", "Linen", "Cotton Blend"],
        (0.3, 0.8),
        [20.0, 1.0, 28.0],
    ),
    &[],
);

static PACKAGE: KindWords = KindWords {
    row: "Package Type",
    made: "Packed in a",
    features: &[
        "made with simple ingredients",
        "sealed for freshness",
        "free of artificial colors",
        "great for sharing",
    ],
    build: build(&["Carton"], (0.5, 2.0), [8.0, 2.5, 11.0]),
    drawings: &[
        ("drink can", build(&["Can"], (0.8, 1.0), [2.6, 2.6, 4.8])),
        (
            "bottle",
            build(
                &["Glass Bottle", "Plastic Bottle"],
                (0.8, 3.0),
                [3.0, 3.0, 9.0],
            ),
        ),
        ("snack bag", build(&["Bag"], (0.3, 1.2), [8.0, 3.0, 11.0])),
        ("jar", build(&["Glass Jar"], (0.8, 2.0), [3.5, 3.5, 5.0])),
    ],
};

static KITCHENWARE: KindWords = crafted(
    &[
        "dishwasher safe",
        "comfortable to hold",
        "made to keep its finish for years",
        "easy to clean",
    ],
    build(
        &["Ceramic", "Stoneware", "Porcelain"],
        (0.6, 1.2),
        [4.5, 3.5, 4.0],
    ),
    &[
        (
            "kettle",
            build(
                &["Stainless Steel", "Enameled Steel"],
                (1.5, 3.0),
                [9.0, 7.0, 9.0],
            ),
        ),
        (
            "cooking pot",
            build(
                &["Stainless Steel", "Cast Iron", "Enameled Cast Iron"],
                (4.0, 14.0),
                [14.0, 11.0, 8.0],
            ),
        ),
        (
            "saucepan",
            build(
                &["Stainless Steel", "Aluminum", "Copper"],
                (2.0, 4.0),
                [16.0, 8.0, 5.0],
            ),
        ),
        (
            "travel mug",
            build(&["Stainless Steel", "Plastic"], (0.6, 1.0), [3.5, 3.5, 8.0]),
        ),
    ],
);

static COSMETIC: KindWords = KindWords {
    row: "Container",
    made: "Packaged in a",
    features: &[
        "gentle on sensitive skin",
        "free of parabens",
        "made with natural oils",
        "dermatologist tested",
    ],
    build: build(&["Pump Bottle"], (0.5, 1.5), [3.0, 2.0, 7.5]),
    drawings: &[
        ("cream jar", build(&["Jar"], (0.3, 1.0), [3.0, 3.0, 2.5])),
        ("tube", build(&["Tube"], (0.2, 0.6), [2.0, 1.2, 6.5])),
        (
            "spray can",
            build(&["Spray Can"], (0.3, 0.8), [2.0, 2.0, 7.0]),
        ),
        (
            "dropper bottle",
            build(&["Dropper Bottle"], (0.1, 0.3), [1.5, 1.5, 4.5]),
        ),
    ],
};

static TOY: KindWords = crafted(
    &[
        "safe for little hands",
        "tested to toy safety standards",
        "sized for small children",
        "sturdy enough for everyday play",
    ],
    build(
        &["Plush Polyester", "Cotton", "Minky Fabric"],
        (0.4, 1.5),
        [10.0, 7.0, 14.0],
    ),
    &[
        (
            "stacking blocks",
            build(
                &["Wood", "Plastic", "Beech Wood"],
                (1.0, 3.0),
                [10.0, 10.0, 8.0],
            ),
        ),
        (
            "toy robot",
            build(
                &["ABS Plastic", "Plastic", "Metal"],
                (0.5, 2.0),
                [6.0, 4.0, 10.0],
            ),
        ),
        (
            "ring stacker",
            build(
                &["Wood", "Plastic", "Silicone"],
                (0.5, 1.5),
                [6.0, 6.0, 9.0],
            ),
        ),
    ],
);

static TOOL: KindWords = crafted(
    &[
        "balanced for control",
        "fitted with a non-slip grip",
        "built for years of work",
        "covered by a lifetime warranty",
    ],
    build(
        &["Steel", "Fiberglass", "Hickory"],
        (0.8, 2.0),
        [13.0, 5.0, 1.5],
    ),
    &[
        (
            "power drill",
            build(
                &["ABS Plastic", "Aluminum", "Steel"],
                (2.5, 5.0),
                [9.0, 3.0, 9.0],
            ),
        ),
        (
            "screwdriver",
            build(
                &["Chrome Vanadium Steel", "Steel"],
                (0.2, 0.5),
                [8.0, 1.2, 1.2],
            ),
        ),
        (
            "mallet",
            build(&["Rubber", "Wood", "Steel"], (1.0, 2.5), [14.0, 4.0, 2.5]),
        ),
        (
            "sledgehammer",
            build(&["Steel", "Fiberglass"], (8.0, 16.0), [36.0, 7.0, 3.0]),
        ),
        (
            "toolbox",
            build(
                &["Steel", "Plastic", "Aluminum"],
                (5.0, 15.0),
                [20.0, 9.0, 10.0],
            ),
        ),
        (
            "rotary tool",
            build(&["ABS Plastic", "Aluminum"], (0.8, 1.5), [9.0, 2.0, 2.0]),
        ),
    ],
);

static BOOK: KindWords = KindWords {
    row: "Format",
    made: "Bound as a",
    features: &[
        "printed on acid-free paper",
        "a thoughtful gift for readers",
        "hard to put down",
        "set in a clear, readable type",
    ],
    build: build(&["Hardcover"], (0.8, 2.5), [6.0, 1.2, 9.0]),
    drawings: &[(
        "paperback book",
        build(&["Paperback"], (0.4, 1.0), [5.5, 0.9, 8.5]),
    )],
};

static SPORTS_GEAR: KindWords = crafted(
    &[
        "made for indoor and outdoor play",
        "built to regulation size",
        "tested for durability by our product team",
        "ready to use out of the box",
    ],
    build(
        &["Rubber", "Composite Leather", "Synthetic Leather"],
        (0.9, 1.4),
        [9.5, 9.5, 9.5],
    ),
    &[
        (
            "tennis racket",
            build(
                &["Graphite", "Aluminum", "Carbon Fiber"],
                (0.5, 0.8),
                [11.0, 1.0, 27.0],
            ),
        ),
        (
            "dumbbell",
            build(
                &["Cast Iron", "Rubber-Coated Steel", "Neoprene"],
                (5.0, 50.0),
                [14.0, 6.0, 6.0],
            ),
        ),
        (
            "barbell",
            build(
                &["Cast Iron", "Rubber-Coated Steel", "Steel"],
                (45.0, 200.0),
                [60.0, 12.0, 12.0],
            ),
        ),
    ],
);

static KEYBOARD: KindWords = crafted(
    &[
        "quick to connect over USB or Bluetooth",
        "quiet and responsive to type on",
        "laid out with full-size keys",
        "built to last for millions of keystrokes",
    ],
    build(
        &["Plastic", "Aluminum", "ABS Plastic"],
        (1.0, 2.8),
        [17.0, 5.5, 1.4],
    ),
    &[],
);

static MOUSE: KindWords = crafted(
    &[
        "shaped to fit the hand",
        "accurate on almost any surface",
        "quick to connect over USB or Bluetooth",
        "quiet to click",
    ],
    build(
        &["Plastic", "ABS Plastic", "Rubberized Plastic"],
        (0.2, 0.4),
        [2.5, 4.5, 1.6],
    ),
    &[],
);

static MONITOR: KindWords = crafted(
    ELECTRONICS,
    build(
        &["Plastic", "Aluminum", "Steel"],
        (8.0, 22.0),
        [24.0, 8.0, 18.0],
    ),
    &[],
);

static SPEAKER: KindWords = crafted(
    &[
        "tuned for clear, balanced sound",
        "quick to pair with phones and laptops",
        "built to fill a room with sound",
        "backed by a one-year limited warranty",
    ],
    build(
        &["MDF", "Wood Veneer", "Aluminum"],
        (8.0, 25.0),
        [8.0, 10.0, 13.0],
    ),
    &[
        (
            "tower speaker",
            build(&["MDF", "Wood Veneer"], (35.0, 70.0), [9.0, 12.0, 40.0]),
        ),
        (
            "soundbar",
            build(
                &["Plastic", "Aluminum", "Fabric"],
                (5.0, 15.0),
                [38.0, 4.0, 3.0],
            ),
        ),
        (
            "portable speaker",
            build(
                &["Fabric", "Rubber", "Plastic"],
                (1.0, 3.0),
                [8.0, 3.5, 3.5],
            ),
        ),
        (
            "PA speaker",
            build(
                &["Plywood", "Polypropylene"],
                (30.0, 60.0),
                [16.0, 15.0, 26.0],
            ),
        ),
    ],
);

static AMPLIFIER: KindWords = crafted(
    &[
        "tuned for warm, full tone",
        "fitted with easy-to-read controls",
        "built for the stage and the studio",
        "backed by a one-year limited warranty",
    ],
    build(
        &["Plywood", "Tolex-Covered Wood", "Steel"],
        (15.0, 50.0),
        [20.0, 10.0, 17.0],
    ),
    &[
        (
            "bass amplifier",
            build(
                &["Plywood", "Tolex-Covered Wood"],
                (60.0, 110.0),
                [24.0, 16.0, 48.0],
            ),
        ),
        (
            "headphone amplifier",
            build(&["Aluminum", "Steel"], (1.0, 4.0), [7.0, 8.0, 2.5]),
        ),
        (
            "AV receiver",
            build(&["Aluminum", "Steel"], (18.0, 30.0), [17.0, 15.0, 6.0]),
        ),
    ],
);

static MEDIA_PLAYER: KindWords = crafted(
    ELECTRONICS,
    build(
        &["Plastic", "Aluminum", "Steel"],
        (2.0, 6.0),
        [16.0, 9.0, 2.0],
    ),
    &[
        (
            "streaming box",
            build(&["Plastic", "Aluminum"], (0.3, 0.8), [4.0, 4.0, 1.3]),
        ),
        (
            "turntable",
            build(
                &["MDF", "Aluminum", "Acrylic"],
                (10.0, 22.0),
                [17.0, 14.0, 5.0],
            ),
        ),
        (
            "projector",
            build(&["Plastic", "Aluminum"], (5.0, 12.0), [13.0, 10.0, 4.5]),
        ),
        (
            "indoor antenna",
            build(&["Plastic", "Aluminum"], (0.5, 2.0), [10.0, 6.0, 14.0]),
        ),
    ],
);

static WATCH: KindWords = crafted(
    &[
        "water resistant to 50 meters",
        "comfortable to wear all day",
        "quick to adjust to any wrist",
        "backed by a one-year limited warranty",
    ],
    build(
        &[
            "Silicone Band",
            "Leather Band",
            "Stainless Steel Band",
            "Nylon Band",
        ],
        (0.1, 0.3),
        [1.8, 0.5, 9.0],
    ),
    &[],
);

static TABLET: KindWords = crafted(
    ELECTRONICS,
    build(
        &["Aluminum", "Glass", "Polycarbonate"],
        (0.8, 1.6),
        [10.0, 0.3, 7.0],
    ),
    &[
        (
            "kids' tablet",
            build(&["Foam Bumper", "Silicone"], (1.0, 2.0), [11.0, 1.2, 9.0]),
        ),
        (
            "e-reader",
            build(&["Plastic", "Aluminum"], (0.4, 0.7), [4.5, 0.3, 6.5]),
        ),
        (
            "drawing tablet",
            build(&["Plastic", "Aluminum"], (1.0, 3.0), [14.0, 9.0, 0.5]),
        ),
    ],
);

static GADGET: KindWords = crafted(
    ELECTRONICS,
    build(
        &["Aluminum", "Plastic", "ABS Plastic"],
        (0.1, 0.6),
        [5.0, 2.0, 1.0],
    ),
    &[
        (
            "calculator",
            build(&["Plastic", "ABS Plastic"], (0.2, 0.6), [3.5, 0.8, 6.5]),
        ),
        (
            "paper shredder",
            build(&["Plastic", "Steel"], (8.0, 30.0), [14.0, 10.0, 20.0]),
        ),
        (
            "label maker",
            build(&["Plastic", "ABS Plastic"], (0.6, 1.5), [4.0, 2.5, 8.0]),
        ),
        (
            "webcam",
            build(&["Plastic", "Aluminum"], (0.2, 0.5), [4.0, 2.5, 2.5]),
        ),
        (
            "docking station",
            build(&["Aluminum", "Plastic"], (0.6, 1.5), [8.0, 3.5, 1.2]),
        ),
    ],
);

static BAG: KindWords = crafted(
    &[
        "padded to protect a 15-inch laptop",
        "fitted with comfortable straps",
        "water resistant",
        "roomy enough for a day's essentials",
    ],
    build(
        &["Nylon", "Canvas", "Leather", "Polyester"],
        (1.0, 3.5),
        [16.0, 5.0, 12.0],
    ),
    &[],
);

static LIGHT: KindWords = crafted(
    LIGHTING,
    build(
        &["Aluminum", "Plastic", "Steel"],
        (0.3, 3.0),
        [8.0, 2.0, 2.0],
    ),
    &[
        (
            "lantern",
            build(
                &["Plastic", "Steel", "Aluminum"],
                (1.0, 3.0),
                [5.0, 5.0, 9.0],
            ),
        ),
        (
            "string lights",
            build(
                &["Plastic", "Copper Wire", "Glass"],
                (1.0, 4.0),
                [48.0, 6.0, 6.0],
            ),
        ),
        (
            "path light",
            build(
                &["Stainless Steel", "Plastic", "Aluminum"],
                (0.3, 1.2),
                [4.5, 4.5, 15.0],
            ),
        ),
        (
            "post light",
            build(
                &["Cast Aluminum", "Steel"],
                (10.0, 30.0),
                [10.0, 10.0, 80.0],
            ),
        ),
        (
            "flood light",
            build(
                &["Aluminum", "Die-Cast Aluminum"],
                (2.0, 8.0),
                [10.0, 3.0, 9.0],
            ),
        ),
        (
            "work light",
            build(&["Aluminum", "Steel"], (6.0, 18.0), [14.0, 14.0, 60.0]),
        ),
        (
            "shop light",
            build(&["Aluminum", "Steel"], (3.0, 8.0), [48.0, 4.0, 3.0]),
        ),
        (
            "par can",
            build(&["Aluminum", "Steel"], (4.0, 12.0), [10.0, 10.0, 12.0]),
        ),
        (
            "moving head",
            build(&["Aluminum", "Plastic"], (15.0, 40.0), [12.0, 10.0, 18.0]),
        ),
        (
            "spotlight",
            build(&["Aluminum", "Steel"], (15.0, 45.0), [30.0, 12.0, 60.0]),
        ),
        (
            "LED bar",
            build(&["Aluminum", "Plastic"], (4.0, 10.0), [40.0, 5.0, 4.0]),
        ),
        (
            "fog machine",
            build(&["Steel", "Aluminum"], (8.0, 20.0), [16.0, 9.0, 8.0]),
        ),
        (
            "lighting stand",
            build(&["Steel", "Aluminum"], (10.0, 30.0), [40.0, 40.0, 96.0]),
        ),
    ],
);

static STAND: KindWords = crafted(
    &[
        "adjustable in height",
        "quick to fold for gigs and travel",
        "steady on any floor",
        "built for years of rehearsals",
    ],
    build(&["Steel", "Aluminum"], (3.0, 12.0), [20.0, 20.0, 48.0]),
    &[],
);

static TOY_VEHICLE: KindWords = crafted(
    &[
        "safe for little hands",
        "tested to toy safety standards",
        "built to survive bumps and crashes",
        "ready to play out of the box",
    ],
    build(
        &["ABS Plastic", "Die-Cast Metal", "Plastic"],
        (0.3, 2.5),
        [8.0, 4.0, 3.5],
    ),
    &[
        (
            "ride-on car",
            build(
                &["Plastic", "Polypropylene"],
                (25.0, 60.0),
                [44.0, 26.0, 22.0],
            ),
        ),
        (
            "RC car",
            build(
                &["ABS Plastic", "Nylon Composite"],
                (2.0, 8.0),
                [16.0, 10.0, 7.0],
            ),
        ),
        (
            "die-cast car on a stand",
            build(
                &["Die-Cast Metal", "Zinc Alloy"],
                (0.5, 2.0),
                [9.0, 4.0, 3.0],
            ),
        ),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vocabulary_fits_the_seed_slots_and_names_real_drawings() {
        for kind in ObjectKind::ALL {
            let words = words(kind);
            assert_eq!(FEATURE_SLOTS % words.features.len(), 0, "{kind:?}");
            for build in std::iter::once(&words.build).chain(words.drawings.iter().map(|(_, b)| b))
            {
                assert_eq!(MATERIAL_SLOTS % build.materials.len(), 0, "{kind:?}");
                assert!(
                    build.weight.0 > 0.0 && build.weight.0 < build.weight.1,
                    "{kind:?}"
                );
            }
            for (name, _) in words.drawings {
                assert!(
                    kind.model_named(name).is_some(),
                    "{kind:?} has no drawing {name}"
                );
            }
        }
    }
}
