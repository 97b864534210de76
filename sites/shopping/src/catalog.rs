//! The store's department tree (three levels: department › group › category) and what each
//! group's products are made of: brands, what the photo prints on a label or cover, and
//! whether the products come in sizes and colours.
//!
//! A leaf's name is the thing its products are ("Hiking Boots"); [`drawing`] finds the
//! kit's drawing that shows it, so the photos always show what the names say. Leaves the
//! kit could not draw were replaced by drawable ones in the same places (a "Car Mounts"
//! slot now holds "Wireless Chargers"), so no other product moved.

use imagery::{Drawing, drawing_for};

/// A top-level department and its groups.
#[derive(Debug)]
pub struct Department {
    /// Name shown in the navigation ("Electronics").
    pub name: &'static str,
    /// Brands its products are sold under.
    pub brands: &'static [&'static str],
    /// Its second-level groups.
    pub groups: &'static [Group],
}

/// A second-level group of categories sharing a label and option scheme.
#[derive(Debug)]
pub struct Group {
    /// Name ("Headphones & Audio").
    pub name: &'static str,
    /// Whether products are configurable with Size and Color options.
    pub configurable: bool,
    /// What the photo prints on the product's label or cover.
    pub label: Label,
    /// When the group joined the catalogue.
    pub edition: Edition,
    /// Typical price range in dollars.
    pub price: (u32, u32),
    /// Leaf categories; each leaf name is also the noun in its product names.
    pub leaves: &'static [&'static str],
}

/// What a group's product photos print on the label or cover; the same words are in the
/// product's details (and for books, its name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// Nothing is printed.
    Blank,
    /// The brand and a flavour (food and drink); "Flavor" is a detail row.
    Flavor(&'static [&'static str]),
    /// The brand and a scent (beauty); "Scent" is a detail row.
    Scent(&'static [&'static str]),
    /// The book's title, which starts the product name; "Title" is a detail row.
    Title,
}

/// When a group joined the catalogue. The seed builds each edition from its own random
/// stream and numbers its categories and products after the earlier ones', so adding a
/// group never moves a product, review or order that tasks already depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Edition {
    /// The store as first seeded.
    First,
    /// The department imagery: electronics, apparel, kitchen, sports, toys, grocery,
    /// beauty, books and tools.
    Second,
}

/// Flavours printed on food and drink labels.
const FLAVORS: &[&str] = &[
    "Honey Oat",
    "Wild Berry",
    "Dark Cocoa",
    "Sea Salt",
    "Lemon Lime",
    "Cinnamon",
    "Vanilla",
    "Mango",
    "Peach",
    "Maple Pecan",
    "Ginger",
    "Cherry Cola",
    "Smoky BBQ",
    "Green Apple",
];

/// Scents printed on beauty labels.
const SCENTS: &[&str] = &[
    "Lavender",
    "Rose",
    "Coconut",
    "Aloe",
    "Cucumber",
    "Shea Butter",
    "Citrus",
    "Jasmine",
    "Eucalyptus",
    "Unscented",
];

/// Words of book titles: "The {first} {second}".
pub const TITLE_WORDS: (&[&str], &[&str]) = (
    &[
        "Silent",
        "Hidden",
        "Last",
        "Golden",
        "Broken",
        "Winter",
        "Secret",
        "Distant",
        "Crimson",
        "Quiet",
        "Lost",
        "Wandering",
        "Midnight",
        "Paper",
        "Glass",
        "Burning",
    ],
    &[
        "Harbor",
        "Garden",
        "Kingdom",
        "River",
        "Lighthouse",
        "Orchard",
        "Compass",
        "Library",
        "Forest",
        "Bridge",
        "Island",
        "Letters",
        "Mountain",
        "Station",
        "Summer",
        "Atlas",
    ],
);

/// Adjectives for product names.
pub const ADJECTIVES: &[&str] = &[
    "Classic",
    "Premium",
    "Compact",
    "Deluxe",
    "Essential",
    "Modern",
    "Portable",
    "Pro",
    "Ultra",
    "Everyday",
    "Lightweight",
    "Heavy Duty",
    "Vintage",
    "Smart",
    "Eco",
];

/// Sizes of configurable products.
pub const SIZES: &[&str] = &["XS", "S", "M", "L", "XL", "XXL"];

/// Every department, in navigation order.
pub const DEPARTMENTS: &[Department] = &[
    Department {
        name: "Electronics",
        brands: &[
            "Sonique", "Voltra", "Nexon", "Auralis", "Pixelon", "Kestrel",
        ],
        groups: &[
            Group {
                name: "Computers & Accessories",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (25, 1800),
                leaves: &[
                    "Laptops",
                    "Keyboards",
                    "Computer Mice",
                    "Monitors",
                    "Laptop Bags",
                    "USB Hubs",
                ],
            },
            Group {
                name: "Television & Video",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (60, 2500),
                leaves: &[
                    "Televisions",
                    "Projectors",
                    "Streaming Media Players",
                    "Mini Projectors",
                    "Blu-ray Players",
                    "Antennas",
                ],
            },
            Group {
                name: "Cell Phones",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (8, 1200),
                leaves: &[
                    "Smartphones",
                    "Phone Cases",
                    "Slim Cases",
                    "Chargers",
                    "Wireless Chargers",
                    "Power Banks",
                ],
            },
            Group {
                name: "Home Audio",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (20, 900),
                leaves: &[
                    "Soundbars",
                    "Speakers",
                    "Receivers",
                    "Turntables",
                    "Subwoofers",
                    "Headphones",
                ],
            },
            Group {
                name: "Lighting Electronics",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (12, 240),
                leaves: &[
                    "Smart Bulbs",
                    "LED Strips",
                    "Desk Lamps",
                    "Night Lights",
                    "Ring Lights",
                    "Touch Lamps",
                ],
            },
            Group {
                name: "Headphones",
                configurable: false,
                label: Label::Blank,
                edition: Edition::Second,
                price: (15, 450),
                leaves: &[
                    "Over-Ear Headphones",
                    "On-Ear Headphones",
                    "Gaming Headsets",
                    "Wireless Headphones",
                    "Noise Cancelling Headphones",
                    "Studio Headphones",
                ],
            },
            Group {
                name: "Camera & Photo",
                configurable: false,
                label: Label::Blank,
                edition: Edition::Second,
                price: (40, 2400),
                leaves: &[
                    "DSLR Cameras",
                    "Mirrorless Cameras",
                    "Point & Shoot Cameras",
                    "Instant Cameras",
                    "Action Cameras",
                    "Film Cameras",
                ],
            },
        ],
    },
    Department {
        name: "Clothing, Shoes & Jewelry",
        brands: &[
            "Northwind",
            "Maple & Co",
            "Urbanite",
            "Calloway",
            "Brisa",
            "Trailhead",
        ],
        groups: &[
            Group {
                name: "Women's Clothing",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (12, 220),
                leaves: &[
                    "Women's Jackets",
                    "Women's Coats",
                    "Women's Sweaters",
                    "Women's Hoodies",
                    "Women's Vests",
                    "Women's Blazers",
                ],
            },
            Group {
                name: "Men's Clothing",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (12, 260),
                leaves: &[
                    "Men's Jackets",
                    "Men's Coats",
                    "Men's Sweaters",
                    "Men's Hoodies",
                    "Men's Vests",
                    "Men's Blazers",
                ],
            },
            Group {
                name: "Women's Shoes",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (18, 180),
                leaves: &[
                    "Women's Sneakers",
                    "Women's Boots",
                    "Women's Sandals",
                    "Women's Flats",
                    "Women's Loafers",
                    "Women's Slippers",
                ],
            },
            Group {
                name: "Men's Shoes",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (20, 220),
                leaves: &[
                    "Men's Sneakers",
                    "Men's Boots",
                    "Men's Sandals",
                    "Men's Oxfords",
                    "Men's Loafers",
                    "Men's Slippers",
                ],
            },
            Group {
                name: "Kids' Fashion",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (9, 90),
                leaves: &[
                    "Kids' Jackets",
                    "Kids' Raincoats",
                    "Kids' Sneakers",
                    "Kids' Hoodies",
                    "Kids' Snow Suits",
                    "Kids' Fleece",
                ],
            },
            Group {
                name: "Tops & Tees",
                configurable: true,
                label: Label::Blank,
                edition: Edition::Second,
                price: (8, 70),
                leaves: &[
                    "T-Shirts",
                    "Polo Shirts",
                    "Long-Sleeve Shirts",
                    "Henley Shirts",
                    "Graphic Tees",
                    "Rugby Shirts",
                ],
            },
        ],
    },
    Department {
        name: "Home & Kitchen",
        brands: &[
            "Hearthstone",
            "Casa Verde",
            "Oakridge",
            "Linden",
            "Solace",
            "Brightnest",
        ],
        groups: &[
            Group {
                name: "Living Room Furniture",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (90, 2400),
                leaves: &[
                    "Sofas",
                    "Loveseats",
                    "Sleeper Sofas",
                    "Sectionals",
                    "Futons",
                    "Chaise Lounges",
                ],
            },
            Group {
                name: "Chairs",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (30, 700),
                leaves: &[
                    "Accent Chairs",
                    "Dining Chairs",
                    "Office Chairs",
                    "Rocking Chairs",
                    "Bar Stools",
                    "Folding Chairs",
                ],
            },
            Group {
                name: "Tables",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (40, 1500),
                leaves: &[
                    "Coffee Tables",
                    "Dining Tables",
                    "End Tables",
                    "Console Tables",
                    "Desks",
                    "Nightstands",
                ],
            },
            Group {
                name: "Lamps & Shades",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (15, 400),
                leaves: &[
                    "Floor Lamps",
                    "Table Lamps",
                    "Reading Lamps",
                    "Lamp Shades",
                    "Pendant Lights",
                    "Wall Sconces",
                ],
            },
            Group {
                name: "Outdoor Furniture",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (35, 1200),
                leaves: &[
                    "Patio Chairs",
                    "Patio Tables",
                    "Adirondack Chairs",
                    "Porch Swings",
                    "Outdoor Sofas",
                    "Hammock Chairs",
                ],
            },
            Group {
                name: "Kitchen & Dining",
                configurable: false,
                label: Label::Blank,
                edition: Edition::Second,
                price: (9, 260),
                leaves: &[
                    "Coffee Mugs",
                    "Travel Mugs",
                    "Tea Kettles",
                    "Stock Pots",
                    "Saucepans",
                    "Dutch Ovens",
                ],
            },
        ],
    },
    Department {
        name: "Sports & Outdoors",
        brands: &[
            "Summit",
            "Riverbend",
            "Velocity",
            "Trailblaze",
            "Coastline",
            "Ironpeak",
        ],
        groups: &[
            Group {
                name: "Cycling",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (120, 3200),
                leaves: &[
                    "Road Bikes",
                    "Mountain Bikes",
                    "Hybrid Bikes",
                    "Kids' Bikes",
                    "Electric Bikes",
                    "Folding Bikes",
                ],
            },
            Group {
                name: "Water Sports",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (150, 2200),
                leaves: &[
                    "Sit-on-Top Kayaks",
                    "Touring Kayaks",
                    "Inflatable Kayaks",
                    "Fishing Kayaks",
                    "Tandem Kayaks",
                    "Paddle Boards",
                ],
            },
            Group {
                name: "Athletic Clothing",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (15, 180),
                leaves: &[
                    "Running Jackets",
                    "Rain Shells",
                    "Windbreakers",
                    "Ski Jackets",
                    "Track Jackets",
                    "Softshell Jackets",
                ],
            },
            Group {
                name: "Athletic Shoes",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (30, 240),
                leaves: &[
                    "Running Shoes",
                    "Trail Shoes",
                    "Hiking Boots",
                    "Basketball Shoes",
                    "Tennis Shoes",
                    "Cleats",
                ],
            },
            Group {
                name: "Powersports",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (900, 12000),
                leaves: &[
                    "Dirt Bikes",
                    "Scooters",
                    "Cruisers",
                    "Sport Bikes",
                    "Touring Motorcycles",
                    "Mopeds",
                ],
            },
            Group {
                name: "Sports Equipment",
                configurable: false,
                label: Label::Blank,
                edition: Edition::Second,
                price: (10, 320),
                leaves: &[
                    "Basketballs",
                    "Soccer Balls",
                    "Volleyballs",
                    "Tennis Rackets",
                    "Dumbbells",
                    "Weight Sets",
                ],
            },
        ],
    },
    Department {
        name: "Musical Instruments",
        brands: &[
            "Harmona",
            "Fretwell",
            "Bluenote",
            "Cadence",
            "Resonant",
            "Stagecraft",
        ],
        groups: &[
            Group {
                name: "Guitars",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (90, 2600),
                leaves: &[
                    "Acoustic Guitars",
                    "Electric Guitars",
                    "Classical Guitars",
                    "Bass Guitars",
                    "Travel Guitars",
                    "12-String Guitars",
                ],
            },
            Group {
                name: "Ukuleles & Mandolins",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (40, 700),
                leaves: &[
                    "Soprano Ukuleles",
                    "Concert Ukuleles",
                    "Tenor Ukuleles",
                    "Mandolins",
                    "Banjos",
                    "Baritone Ukuleles",
                ],
            },
            Group {
                name: "Studio Furniture",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (25, 400),
                leaves: &[
                    "Guitar Stools",
                    "Drum Thrones",
                    "Piano Benches",
                    "Keyboard Stands",
                    "Studio Desks",
                    "Music Stands",
                ],
            },
            Group {
                name: "Amplifiers",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (60, 1800),
                leaves: &[
                    "Guitar Amplifiers",
                    "Bass Amplifiers",
                    "Keyboard Amplifiers",
                    "Headphone Amplifiers",
                    "PA Speakers",
                    "Stage Monitors",
                ],
            },
            Group {
                name: "Stage Lighting",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (20, 500),
                leaves: &[
                    "Spotlights",
                    "Par Cans",
                    "Stage Strips",
                    "Moving Heads",
                    "Light Stands",
                    "Fog Machines",
                ],
            },
        ],
    },
    Department {
        name: "Office Products",
        brands: &[
            "Deskwise",
            "Paperline",
            "Workmate",
            "Clarity",
            "Inkwell",
            "Corvid",
        ],
        groups: &[
            Group {
                name: "Office Furniture",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (40, 1200),
                leaves: &[
                    "Task Chairs",
                    "Executive Chairs",
                    "Drafting Chairs",
                    "Kneeling Chairs",
                    "Conference Chairs",
                    "Guest Chairs",
                ],
            },
            Group {
                name: "Desks & Workstations",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (60, 1400),
                leaves: &[
                    "Standing Desks",
                    "Writing Desks",
                    "Corner Desks",
                    "Computer Desks",
                    "Conference Tables",
                    "Printer Stands",
                ],
            },
            Group {
                name: "Office Electronics",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (30, 2000),
                leaves: &[
                    "Notebook Computers",
                    "Docking Stations",
                    "Webcams",
                    "Label Makers",
                    "Shredders",
                    "Calculators",
                ],
            },
            Group {
                name: "Office Lighting",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (15, 300),
                leaves: &[
                    "LED Desk Lamps",
                    "Clamp Lamps",
                    "Magnifier Lamps",
                    "Banker Lamps",
                    "Architect Lamps",
                    "Swing Arm Lamps",
                ],
            },
            Group {
                name: "Presentation",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (50, 2600),
                leaves: &[
                    "Interactive Displays",
                    "Conference Room Displays",
                    "Digital Signage",
                    "Video Conferencing Displays",
                    "Whiteboard Displays",
                    "Meeting Room TVs",
                ],
            },
        ],
    },
    Department {
        name: "Cell Phones & Accessories",
        brands: &["Nexon", "Pixelon", "Orbit", "Fusion", "Lumen", "Zephyr"],
        groups: &[
            Group {
                name: "Unlocked Phones",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (90, 1400),
                leaves: &[
                    "Android Phones",
                    "Flip Phones",
                    "Rugged Phones",
                    "Senior Phones",
                    "Dual SIM Phones",
                    "5G Phones",
                ],
            },
            Group {
                name: "Cases & Covers",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (6, 60),
                leaves: &[
                    "Wallet Cases",
                    "Clear Cases",
                    "Rugged Cases",
                    "Silicone Cases",
                    "Leather Cases",
                    "Battery Cases",
                ],
            },
            Group {
                name: "Wearable Tech",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (25, 600),
                leaves: &[
                    "Smartwatches",
                    "Fitness Trackers",
                    "Digital Watches",
                    "Watch Bands",
                    "Kids' Watches",
                    "GPS Watches",
                ],
            },
            Group {
                name: "Tablets",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (80, 1500),
                leaves: &[
                    "Android Tablets",
                    "Tablet Keyboards",
                    "Tablet Cases",
                    "Kids' Tablets",
                    "E-Readers",
                    "Drawing Tablets",
                ],
            },
            Group {
                name: "Phone Lighting",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (8, 120),
                leaves: &[
                    "Selfie Lights",
                    "Clip Lights",
                    "LED Flashlights",
                    "Tripod Lights",
                    "Video Lights",
                    "Pocket Lights",
                ],
            },
        ],
    },
    Department {
        name: "Patio, Lawn & Garden",
        brands: &[
            "Greenacre",
            "Sunfield",
            "Backyard Co",
            "Terrace",
            "Wildflower",
            "Fernhill",
        ],
        groups: &[
            Group {
                name: "Patio Seating",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (120, 2600),
                leaves: &[
                    "Patio Sofas",
                    "Patio Loveseats",
                    "Daybeds",
                    "Patio Sectionals",
                    "Garden Benches",
                    "Outdoor Chaises",
                ],
            },
            Group {
                name: "Patio Dining",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (80, 1900),
                leaves: &[
                    "Patio Dining Tables",
                    "Bistro Tables",
                    "Picnic Tables",
                    "Side Tables",
                    "Bar Tables",
                    "Folding Tables",
                ],
            },
            Group {
                name: "Outdoor Lighting",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (10, 350),
                leaves: &[
                    "Solar Lights",
                    "Lanterns",
                    "String Lights",
                    "Path Lights",
                    "Flood Lights",
                    "Post Lights",
                ],
            },
            Group {
                name: "Garden Chairs",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (25, 500),
                leaves: &[
                    "Zero Gravity Chairs",
                    "Camping Chairs",
                    "Sling Chairs",
                    "Rocking Garden Chairs",
                    "Stacking Chairs",
                    "Egg Chairs",
                ],
            },
            Group {
                name: "Boating",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (180, 2800),
                leaves: &[
                    "Recreational Kayaks",
                    "Canoes",
                    "Pedal Kayaks",
                    "Whitewater Kayaks",
                    "Sea Kayaks",
                    "Kids' Kayaks",
                ],
            },
        ],
    },
    Department {
        name: "Automotive",
        brands: &[
            "Roadster",
            "Motorline",
            "Gearhead",
            "Autobahn",
            "Piston",
            "Highway",
        ],
        groups: &[
            Group {
                name: "Model Cars",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (12, 400),
                leaves: &[
                    "Die-Cast Cars",
                    "RC Cars",
                    "Model Kits",
                    "Collector Cars",
                    "Ride-On Cars",
                    "Slot Cars",
                ],
            },
            Group {
                name: "Motorcycle Gear",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (40, 900),
                leaves: &[
                    "Trail Bikes",
                    "Pit Bikes",
                    "Mini Bikes",
                    "Electric Motorcycles",
                    "Youth Dirt Bikes",
                    "Balance Motorbikes",
                ],
            },
            Group {
                name: "Riding Apparel",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (40, 500),
                leaves: &[
                    "Riding Jackets",
                    "Leather Jackets",
                    "Mesh Jackets",
                    "Rain Suits",
                    "Heated Jackets",
                    "Racing Suits",
                ],
            },
            Group {
                name: "Riding Boots",
                configurable: true,
                label: Label::Blank,
                edition: Edition::First,
                price: (50, 450),
                leaves: &[
                    "Touring Boots",
                    "Racing Boots",
                    "Riding Shoes",
                    "Off-Road Boots",
                    "Waterproof Boots",
                    "Short Boots",
                ],
            },
            Group {
                name: "Garage Lighting",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (12, 260),
                leaves: &[
                    "Work Lights",
                    "Shop Lights",
                    "Inspection Lamps",
                    "Hood Lights",
                    "Magnetic Lights",
                    "Headlamps",
                ],
            },
        ],
    },
    Department {
        name: "Toys & Games",
        brands: &[
            "Playwise",
            "Tinker Town",
            "Wonderbox",
            "Giggles",
            "Brightminds",
            "Jumbo",
        ],
        groups: &[
            Group {
                name: "Kids' Vehicles",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (15, 450),
                leaves: &[
                    "Toy Cars",
                    "Toy Trucks",
                    "Race Car Sets",
                    "Pull-Back Cars",
                    "Remote Control Trucks",
                    "Car Carriers",
                ],
            },
            Group {
                name: "Kids' Bikes & Scooters",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (40, 400),
                leaves: &[
                    "Balance Bikes",
                    "Tricycles",
                    "BMX Bikes",
                    "Training Wheel Bikes",
                    "Cruiser Bikes",
                    "Tandem Bikes",
                ],
            },
            Group {
                name: "Play Furniture",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (25, 300),
                leaves: &[
                    "Activity Tables",
                    "Kids' Desks",
                    "Train Tables",
                    "Craft Tables",
                    "Sand Tables",
                    "Lego Tables",
                ],
            },
            Group {
                name: "Kids' Seating",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (20, 220),
                leaves: &[
                    "Bean Bags",
                    "Kids' Armchairs",
                    "Gaming Chairs",
                    "Kids' Rockers",
                    "Kids' Stools",
                    "Kids' Folding Chairs",
                ],
            },
            Group {
                name: "Toy Instruments",
                configurable: false,
                label: Label::Blank,
                edition: Edition::First,
                price: (12, 150),
                leaves: &[
                    "Toy Guitars",
                    "Kids' Ukuleles",
                    "Toy Banjos",
                    "Mini Guitars",
                    "Toy Electric Guitars",
                    "Kids' Acoustic Guitars",
                ],
            },
            Group {
                name: "Plush & Building Toys",
                configurable: false,
                label: Label::Blank,
                edition: Edition::Second,
                price: (8, 120),
                leaves: &[
                    "Teddy Bears",
                    "Stuffed Animals",
                    "Building Blocks",
                    "Stacking Toys",
                    "Toy Robots",
                    "Plush Toys",
                ],
            },
        ],
    },
    Department {
        name: "Grocery & Gourmet Food",
        brands: &[
            "Sunfield",
            "Harvest Lane",
            "Crisp & Co",
            "Goldleaf",
            "Orchard Row",
            "Bluebell",
        ],
        groups: &[
            Group {
                name: "Breakfast Foods",
                configurable: false,
                label: Label::Flavor(FLAVORS),
                edition: Edition::Second,
                price: (3, 40),
                leaves: &[
                    "Cereals",
                    "Granola",
                    "Oatmeal",
                    "Pancake Mixes",
                    "Breakfast Bars",
                    "Muesli",
                ],
            },
            Group {
                name: "Beverages",
                configurable: false,
                label: Label::Flavor(FLAVORS),
                edition: Edition::Second,
                price: (2, 45),
                leaves: &[
                    "Sodas",
                    "Sparkling Water",
                    "Iced Tea",
                    "Juices",
                    "Energy Drinks",
                    "Cold Brew Coffee",
                ],
            },
            Group {
                name: "Snacks",
                configurable: false,
                label: Label::Flavor(FLAVORS),
                edition: Edition::Second,
                price: (2, 35),
                leaves: &[
                    "Crackers",
                    "Cookies",
                    "Potato Chips",
                    "Pretzels",
                    "Popcorn",
                    "Trail Mix",
                ],
            },
            Group {
                name: "Pantry Staples",
                configurable: false,
                label: Label::Flavor(FLAVORS),
                edition: Edition::Second,
                price: (3, 50),
                leaves: &[
                    "Olive Oils",
                    "Pasta Sauces",
                    "Honey",
                    "Syrups",
                    "Hot Sauces",
                    "Salad Dressings",
                ],
            },
        ],
    },
    Department {
        name: "Beauty & Personal Care",
        brands: &[
            "Lumiere",
            "Petal & Pine",
            "Aurora",
            "Velvet",
            "Dewdrop",
            "Saltwater",
        ],
        groups: &[
            Group {
                name: "Skin Care",
                configurable: false,
                label: Label::Scent(SCENTS),
                edition: Edition::Second,
                price: (5, 90),
                leaves: &[
                    "Face Creams",
                    "Moisturizers",
                    "Body Lotions",
                    "Serums",
                    "Hand Creams",
                    "Sunscreens",
                ],
            },
            Group {
                name: "Hair Care",
                configurable: false,
                label: Label::Scent(SCENTS),
                edition: Edition::Second,
                price: (4, 60),
                leaves: &[
                    "Shampoos",
                    "Conditioners",
                    "Hair Oils",
                    "Hair Masks",
                    "Styling Gels",
                    "Dry Shampoos",
                ],
            },
            Group {
                name: "Bath & Body",
                configurable: false,
                label: Label::Scent(SCENTS),
                edition: Edition::Second,
                price: (4, 55),
                leaves: &[
                    "Body Washes",
                    "Bubble Baths",
                    "Bath Oils",
                    "Shower Gels",
                    "Body Scrubs",
                    "Liquid Soaps",
                ],
            },
        ],
    },
    Department {
        name: "Books",
        brands: &[
            "Lantern Press",
            "Bramble Books",
            "Northlight",
            "Foxglove",
            "Riverstone",
            "Quillfield",
        ],
        groups: &[
            Group {
                name: "Fiction",
                configurable: false,
                label: Label::Title,
                edition: Edition::Second,
                price: (6, 35),
                leaves: &[
                    "Mystery Novels",
                    "Science Fiction Novels",
                    "Fantasy Novels",
                    "Romance Novels",
                    "Thrillers",
                    "Historical Novels",
                ],
            },
            Group {
                name: "Nonfiction",
                configurable: false,
                label: Label::Title,
                edition: Edition::Second,
                price: (8, 45),
                leaves: &[
                    "Cookbooks",
                    "Biographies",
                    "Travel Guides",
                    "History Books",
                    "Self-Help Books",
                    "Science Books",
                ],
            },
            Group {
                name: "Children's Books",
                configurable: false,
                label: Label::Title,
                edition: Edition::Second,
                price: (4, 25),
                leaves: &[
                    "Picture Books",
                    "Chapter Books",
                    "Activity Books",
                    "Board Books",
                    "Fairy Tale Books",
                    "Early Readers",
                ],
            },
        ],
    },
    Department {
        name: "Tools & Home Improvement",
        brands: &[
            "Forgeline",
            "Steelhand",
            "Torque",
            "Buildright",
            "Anvil & Oak",
            "Gritworks",
        ],
        groups: &[
            Group {
                name: "Hand Tools",
                configurable: false,
                label: Label::Blank,
                edition: Edition::Second,
                price: (6, 160),
                leaves: &[
                    "Claw Hammers",
                    "Screwdrivers",
                    "Mallets",
                    "Precision Screwdrivers",
                    "Sledgehammers",
                    "Tool Kits",
                ],
            },
            Group {
                name: "Power Tools",
                configurable: false,
                label: Label::Blank,
                edition: Edition::Second,
                price: (35, 450),
                leaves: &[
                    "Cordless Drills",
                    "Impact Drivers",
                    "Hammer Drills",
                    "Rotary Tools",
                    "Drill Kits",
                    "Electric Screwdrivers",
                ],
            },
        ],
    },
];

/// The department, group and leaf names of a leaf category, with its group.
pub fn leaves() -> impl Iterator<Item = (&'static Department, &'static Group, &'static str)> {
    DEPARTMENTS.iter().flat_map(|department| {
        department.groups.iter().flat_map(move |group| {
            group
                .leaves
                .iter()
                .map(move |leaf| (department, group, *leaf))
        })
    })
}

/// The singular noun of a plural leaf name, which product names use ("Road Bikes" →
/// "Road Bike", "Computer Mice" → "Computer Mouse").
pub fn noun(plural: &str) -> String {
    if let Some(stem) = plural.strip_suffix("Mice") {
        return format!("{stem}Mouse");
    }
    for ending in ["kies", "vies", "dies"] {
        if plural.ends_with(ending) {
            return plural[..plural.len() - 1].to_owned();
        }
    }
    if let Some(stem) = plural.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for ending in ["ches", "shes", "xes", "sses"] {
        if plural.ends_with(ending) {
            return plural[..plural.len() - 2].to_owned();
        }
    }
    match plural.strip_suffix('s') {
        Some(stem) if !stem.ends_with('s') => stem.to_owned(),
        _ => plural.to_owned(),
    }
}

/// The drawing a leaf's photos use: the kit's drawing of the leaf's noun. Every leaf has
/// one (a test holds the catalogue to it).
pub fn drawing(leaf: &str) -> Option<Drawing> {
    drawing_for(&noun(leaf))
}

/// A URL key from a name: lower case, words joined by `-` ("Men's Shoes" → `mens-shoes`).
pub fn url_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for character in name.chars() {
        if character.is_ascii_alphanumeric() {
            key.push(character.to_ascii_lowercase());
        } else if character != '\'' && !key.ends_with('-') && !key.is_empty() {
            key.push('-');
        }
    }
    key.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_has_three_levels_and_over_three_hundred_categories() {
        let groups: usize = DEPARTMENTS.iter().map(|d| d.groups.len()).sum();
        let total = DEPARTMENTS.len() + groups + leaves().count();
        assert!(total >= 300, "{total} categories");
        assert_eq!(
            url_key("Clothing, Shoes & Jewelry"),
            "clothing-shoes-jewelry"
        );
        assert_eq!(url_key("Men's Shoes"), "mens-shoes");
    }

    #[test]
    fn plural_leaf_names_become_singular_nouns() {
        assert_eq!(noun("Road Bikes"), "Road Bike");
        assert_eq!(noun("Accessories"), "Accessory");
        assert_eq!(noun("Couches"), "Couch");
        assert_eq!(noun("Glass"), "Glass");
        assert_eq!(noun("Computer Mice"), "Computer Mouse");
        assert_eq!(noun("Cookies"), "Cookie");
        assert_eq!(noun("Kids' Hoodies"), "Kids' Hoodie");
        assert_eq!(noun("Biographies"), "Biography");
        assert_eq!(noun("Piano Benches"), "Piano Bench");
    }

    #[test]
    fn every_leaf_has_a_drawing_of_what_it_names() {
        // The kit's table says what each drawing shows; a leaf whose noun no drawing shows
        // (or that two kinds would claim) has no honest photo.
        let mut missing = Vec::new();
        let mut names = std::collections::HashSet::new();
        for (department, group, leaf) in leaves() {
            assert!(names.insert(leaf), "{leaf} is listed twice");
            match drawing(leaf) {
                Some(drawing) => {
                    let noun = noun(leaf).to_lowercase();
                    for model in drawing.models() {
                        let shows = model.shows();
                        assert!(
                            shows
                                .iter()
                                .any(|phrase| noun == *phrase
                                    || noun.ends_with(&format!(" {phrase}"))),
                            "{leaf}: {:?} does not show it",
                            drawing.names()
                        );
                    }
                }
                None => missing.push(format!("{} › {} › {leaf}", department.name, group.name)),
            }
        }
        assert!(
            missing.is_empty(),
            "no drawing shows:\n{}",
            missing.join("\n")
        );
        assert_eq!(names.len(), 408);
    }
}
