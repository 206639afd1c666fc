//! serde support: every type with a canonical string form is (de)serialised as that string, so a
//! deserialised value always went through the same validation as a parsed one.

use crate::{GameRecord, Hole, Move, Katro, RuleSet, Size};
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;
use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

struct FromStrVisitor<T>(PhantomData<T>);

impl<T> Visitor<'_> for FromStrVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string in Katro position notation")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

macro_rules! via_string {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(FromStrVisitor(PhantomData))
            }
        }
    )*};
}

via_string!(Size, RuleSet, Hole, Move, Katro, GameRecord);
