//! How typed values are written in duel files: techniques and levels by
//! their stable keys (`Technique::id`, `Level::id`), sets of digits as
//! players write them (`"47"`).

/// A technique saved by its stable key.
pub mod technique_id {
    use crate::logic::Technique;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(t: &Technique, s: S) -> Result<S::Ok, S::Error> {
        t.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Technique, D::Error> {
        let name = String::deserialize(d)?;
        Technique::from_id(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("'{name}' is not a technique")))
    }
}

/// A set of digits saved as they are written: `"47"`.
pub mod digits_text {
    use crate::grid::Candidates;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(c: &Candidates, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(c)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Candidates, D::Error> {
        let text = String::deserialize(d)?;
        parse(&text).map_err(serde::de::Error::custom)
    }

    /// `"47"` as a set; anything but digits 1 to 9 is an error.
    pub fn parse(text: &str) -> Result<Candidates, String> {
        text.chars()
            .map(|ch| match ch {
                '1'..='9' => Ok(ch as u8 - b'0'),
                _ => Err(format!("{ch:?} is not a digit from 1 to 9")),
            })
            .collect()
    }
}

/// A level saved by its stable key (`null` for none).
pub mod level_id {
    use crate::logic::Level;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(l: &Option<Level>, s: S) -> Result<S::Ok, S::Error> {
        l.map(|l| l.id()).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Level>, D::Error> {
        let Some(name) = Option::<String>::deserialize(d)? else {
            return Ok(None);
        };
        Level::ALL
            .into_iter()
            .find(|l| l.id().eq_ignore_ascii_case(&name))
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("'{name}' is not a level")))
    }
}
