//! Type inference within one graph, by unification, as rustc does it: the
//! declared signatures of all functions are known, and inside a body every
//! variable and every unsuffixed literal gets the type its uses force on it;
//! an integer literal nothing constrains is an `i32`.
//!
//! This is the "knowntype" part of annotation. `annotator::annrpython`
//! computes the rest (constants, non-negativity, reachability) on top.
//!
//! The inference of a graph runs in three steps: the fixpoint (`fixpoint`)
//! applies the typing rule of each operation (`rules`) until all are typed,
//! resolving method calls by their receiver's type on the way
//! (`method_call`); the calls resolved are then rewritten in the graph; and
//! write-back (`write_back`) rewrites the operations that depend on the
//! types found and gives the literals theirs.

mod coercion;
mod conversion;
mod fixpoint;
mod inout;
mod method_call;
mod rules;
mod write_back;

pub use write_back::generic_key;

use crate::diagnostic::Diagnostic;
use crate::entity::{EntityRef, SecondaryMap};
use crate::flow::{BlockId, ConstTy, ConstValue, Constant, FunctionGraph, GraphId, Pos, SpaceOperation, Value, VarId};
use crate::translator::Translator;
use crate::ty::{CellKind, EnumId, IntTy, StructId, Ty};
use std::collections::{BTreeMap, HashMap};

type Node = usize;

#[derive(Clone, Debug)]
enum Term {
    Unknown,
    /// Some integer type, not yet known which.
    IntVar,
    Int(IntTy),
    Bool,
    F64,
    Char,
    Unit,
    Tuple(Vec<Node>),
    Option(Node),
    Struct(StructId),
    Enum(EnumId),
    List(Node),
    Str,
    Dict(Node, Node),
    Result(Node, Node),
    Fn(Vec<Node>, Node),
    Cell(CellKind, Node),
    Rc(Node),
    /// An iterator of the item type.
    Iter(Node),
    /// A generic type of the module, by its prototype (`Ty::Struct` or
    /// `Ty::Enum`; for a variant's payload, the payload's prototype), and
    /// its type arguments. Its instances are typed as this too, so that an
    /// instance and the type it is an instance of unify.
    Adt(Ty, Vec<Node>),
}

struct Unifier<'t> {
    parent: Vec<Node>,
    term: Vec<Term>,
    /// The program, whose types' names errors show.
    t: &'t Translator,
}

impl Unifier<'_> {
    fn fresh(&mut self, t: Term) -> Node {
        self.parent.push(self.parent.len());
        self.term.push(t);
        self.parent.len() - 1
    }

    fn find(&mut self, n: Node) -> Node {
        let mut r = n;
        while self.parent[r] != r {
            r = self.parent[r];
        }
        let mut m = n;
        while self.parent[m] != r {
            let next = self.parent[m];
            self.parent[m] = r;
            m = next;
        }
        r
    }

    fn node_of_ty(&mut self, t: &Ty) -> Node {
        if let Some((proto, args)) = self.t.generic_of(t) {
            let args = args.iter().map(|a| self.node_of_ty(a)).collect();
            return self.fresh(Term::Adt(proto, args));
        }
        // A prototype named by the builder (a struct literal, a variant):
        // arguments still to infer.
        if let Some(proto) = self.t.prototype(t) {
            let n = self.t.generic_types[&proto].params.len();
            let args = (0..n).map(|_| self.fresh(Term::Unknown)).collect();
            return self.fresh(Term::Adt(t.clone(), args));
        }
        let term = match t {
            Ty::Int(i) => Term::Int(*i),
            Ty::Bool => Term::Bool,
            Ty::F64 => Term::F64,
            Ty::Char => Term::Char,
            Ty::Unit => Term::Unit,
            Ty::Tuple(items) => Term::Tuple(items.iter().map(|t| self.node_of_ty(t)).collect()),
            Ty::Option(t) => Term::Option(self.node_of_ty(t)),
            Ty::Struct(s) => Term::Struct(*s),
            Ty::Enum(e) => Term::Enum(*e),
            Ty::List(t) | Ty::Array(t) => Term::List(self.node_of_ty(t)),
            Ty::Str => Term::Str,
            Ty::Dict(k, v) => Term::Dict(self.node_of_ty(k), self.node_of_ty(v)),
            Ty::Result(t, e) => Term::Result(self.node_of_ty(t), self.node_of_ty(e)),
            Ty::Fn(params, ret) => Term::Fn(params.iter().map(|p| self.node_of_ty(p)).collect(), self.node_of_ty(ret)),
            Ty::Cell(kind, t) => Term::Cell(*kind, self.node_of_ty(t)),
            Ty::Rc(t) => Term::Rc(self.node_of_ty(t)),
            Ty::Iter(t) => Term::Iter(self.node_of_ty(t)),
            Ty::Infer => Term::Unknown,
            Ty::Generic(..) => unreachable!("a generic type is `generic_of`"),
        };
        self.fresh(term)
    }

    /// Unifies a value `a` with the type `b` it is passed or bound as,
    /// seeing through an `Rc` as rustc's deref coercion does (`&rc` where a
    /// `&T` is expected). Both are the same low-level value.
    fn coerce(&mut self, a: Node, b: Node) -> Result<(), String> {
        let (an, bn) = (self.find(a), self.find(b));
        match (self.term[an].clone(), &self.term[bn]) {
            (Term::Rc(inner), t) if !matches!(t, Term::Rc(_) | Term::Unknown) => self.unify(inner, b),
            _ => self.unify(a, b),
        }
    }

    fn unify(&mut self, a: Node, b: Node) -> Result<(), String> {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return Ok(());
        }
        let (ta, tb) = (self.term[a].clone(), self.term[b].clone());
        let merged = match (&ta, &tb) {
            (Term::Unknown, _) => tb,
            (_, Term::Unknown) => ta,
            (Term::IntVar, Term::IntVar | Term::Int(_)) => tb,
            (Term::Int(_), Term::IntVar) => ta,
            (Term::Int(x), Term::Int(y)) if x == y => ta,
            (Term::Bool, Term::Bool) | (Term::F64, Term::F64) | (Term::Char, Term::Char) | (Term::Unit, Term::Unit) => {
                ta
            }
            (Term::Tuple(xs), Term::Tuple(ys)) if xs.len() == ys.len() => {
                self.parent[b] = a;
                for (x, y) in xs.iter().zip(ys) {
                    self.unify(*x, *y)?;
                }
                return Ok(());
            }
            (Term::Option(x), Term::Option(y)) | (Term::List(x), Term::List(y)) => {
                self.parent[b] = a;
                return self.unify(*x, *y);
            }
            (Term::Rc(x), Term::Rc(y)) | (Term::Iter(x), Term::Iter(y)) => {
                self.parent[b] = a;
                return self.unify(*x, *y);
            }
            (Term::Cell(k1, x), Term::Cell(k2, y)) if k1 == k2 => {
                self.parent[b] = a;
                return self.unify(*x, *y);
            }
            (Term::Dict(k1, v1), Term::Dict(k2, v2)) | (Term::Result(k1, v1), Term::Result(k2, v2)) => {
                self.parent[b] = a;
                self.unify(*k1, *k2)?;
                return self.unify(*v1, *v2);
            }
            (Term::Fn(xs, r1), Term::Fn(ys, r2)) if xs.len() == ys.len() => {
                self.parent[b] = a;
                for (x, y) in xs.iter().zip(ys) {
                    self.unify(*x, *y)?;
                }
                return self.unify(*r1, *r2);
            }
            (Term::Str, Term::Str) => ta,
            (Term::Struct(x), Term::Struct(y)) if x == y => ta,
            (Term::Adt(x, xs), Term::Adt(y, ys)) if x == y && xs.len() == ys.len() => {
                self.parent[b] = a;
                for (x, y) in xs.iter().zip(ys) {
                    self.unify(*x, *y)?;
                }
                return Ok(());
            }
            (Term::Enum(x), Term::Enum(y)) if x == y => ta,
            (Term::Enum(e), _) | (_, Term::Enum(e)) if self.t.trait_objects.contains_key(&e) => {
                return Err(format!(
                    "mismatched types: {} and {} (a value becomes a trait object only where it is boxed or borrowed with the `dyn` type wanted: `Box::new(x)`, `Rc::new(x)`, `&x`; {})",
                    self.show(a),
                    self.show(b),
                    crate::diagnostic::Section::TraitObjects.see()
                ))
            }
            _ => return Err(format!("mismatched types: {} and {}", self.show(a), self.show(b))),
        };
        self.parent[b] = a;
        self.term[a] = merged;
        Ok(())
    }

    /// Unifies `n` with a new node of type `term`.
    fn unify_term(&mut self, n: Node, term: Term) -> Result<(), String> {
        let m = self.fresh(term);
        self.unify(n, m)
    }

    fn show(&mut self, n: Node) -> String {
        let n = self.find(n);
        match self.term[n].clone() {
            Term::Unknown => "_".into(),
            Term::IntVar => "{integer}".into(),
            Term::Int(i) => i.name().into(),
            Term::Bool => "bool".into(),
            Term::F64 => "f64".into(),
            Term::Char => "char".into(),
            Term::Unit => "()".into(),
            Term::Tuple(items) => format!("({})", items.iter().map(|i| self.show(*i)).collect::<Vec<_>>().join(", ")),
            Term::Option(t) => format!("Option<{}>", self.show(t)),
            Term::Struct(s) => self.t.type_name(&Ty::Struct(s)),
            Term::Enum(e) => self.t.type_name(&Ty::Enum(e)),
            Term::List(t) => format!("Vec<{}>", self.show(t)),
            Term::Str => "String".into(),
            Term::Dict(k, v) => format!("HashMap<{}, {}>", self.show(k), self.show(v)),
            Term::Cell(kind, t) => format!("{}<{}>", kind.name(), self.show(t)),
            Term::Rc(t) => format!("Rc<{}>", self.show(t)),
            Term::Iter(t) => format!("impl Iterator<Item = {}>", self.show(t)),
            Term::Adt(proto, args) => {
                let args: Vec<String> = args.iter().map(|a| self.show(*a)).collect();
                format!("{}<{}>", self.t.type_name(&proto), args.join(", "))
            }
            Term::Result(t, e) => format!("Result<{}, {}>", self.show(t), self.show(e)),
            Term::Fn(params, ret) => {
                let params: Vec<String> = params.iter().map(|p| self.show(*p)).collect();
                format!("fn({}) -> {}", params.join(", "), self.show(ret))
            }
        }
    }

    /// The type of `n` if nothing in it is left to infer.
    fn resolve_known(&mut self, n: Node) -> Option<Ty> {
        let n = self.find(n);
        Some(match self.term[n].clone() {
            Term::Unknown | Term::IntVar => return None,
            Term::Tuple(items) => Ty::Tuple(items.iter().map(|i| self.resolve_known(*i)).collect::<Option<_>>()?),
            Term::Option(t) => Ty::Option(Box::new(self.resolve_known(t)?)),
            Term::List(t) => Ty::List(Box::new(self.resolve_known(t)?)),
            Term::Dict(k, v) => Ty::Dict(Box::new(self.resolve_known(k)?), Box::new(self.resolve_known(v)?)),
            Term::Cell(kind, t) => Ty::Cell(kind, Box::new(self.resolve_known(t)?)),
            Term::Rc(t) => Ty::Rc(Box::new(self.resolve_known(t)?)),
            Term::Iter(t) => Ty::Iter(Box::new(self.resolve_known(t)?)),
            Term::Adt(proto, args) => {
                let args = args.iter().map(|a| self.resolve_known(*a)).collect::<Option<_>>()?;
                self.t.generic_type(proto, args)
            }
            Term::Result(t, e) => Ty::Result(Box::new(self.resolve_known(t)?), Box::new(self.resolve_known(e)?)),
            Term::Fn(params, ret) => Ty::Fn(
                params.iter().map(|p| self.resolve_known(*p)).collect::<Option<_>>()?,
                Box::new(self.resolve_known(ret)?),
            ),
            _ => self.resolve(n),
        })
    }

    fn is_known(&mut self, n: Node) -> bool {
        let n = self.find(n);
        !matches!(self.term[n], Term::Unknown)
    }

    fn resolve(&mut self, n: Node) -> Ty {
        let n = self.find(n);
        match self.term[n].clone() {
            Term::Unknown => Ty::Unit,
            Term::IntVar => Ty::Int(IntTy::I32),
            Term::Int(i) => Ty::Int(i),
            Term::Bool => Ty::Bool,
            Term::F64 => Ty::F64,
            Term::Char => Ty::Char,
            Term::Unit => Ty::Unit,
            Term::Tuple(items) => Ty::Tuple(items.iter().map(|i| self.resolve(*i)).collect()),
            Term::Option(t) => Ty::Option(Box::new(self.resolve(t))),
            Term::Struct(s) => Ty::Struct(s),
            Term::Enum(e) => Ty::Enum(e),
            Term::List(t) => Ty::List(Box::new(self.resolve(t))),
            Term::Str => Ty::Str,
            Term::Dict(k, v) => Ty::Dict(Box::new(self.resolve(k)), Box::new(self.resolve(v))),
            Term::Cell(kind, t) => Ty::Cell(kind, Box::new(self.resolve(t))),
            Term::Rc(t) => Ty::Rc(Box::new(self.resolve(t))),
            Term::Iter(t) => Ty::Iter(Box::new(self.resolve(t))),
            Term::Adt(proto, args) => {
                let args = args.iter().map(|a| self.resolve(*a)).collect();
                self.t.generic_type(proto, args)
            }
            Term::Result(t, e) => Ty::Result(Box::new(self.resolve(t)), Box::new(self.resolve(e))),
            Term::Fn(params, ret) => {
                Ty::Fn(params.iter().map(|p| self.resolve(*p)).collect(), Box::new(self.resolve(ret)))
            }
        }
    }
}

/// The inferred types of one graph.
#[derive(Clone, Debug, Default)]
pub struct GraphTypes {
    pub vars: SecondaryMap<VarId, Ty>,
}

/// The inferred types of every graph of the program.
pub type ProgramTypes = SecondaryMap<GraphId, GraphTypes>;

/// An operation's place in its graph: the index of its block, its own.
type OpId = (usize, usize);

/// What the inference of one graph knows.
struct Inference<'t> {
    t: &'t Translator,
    /// The graph's name, for errors.
    graph: String,
    /// The graph's blocks, in `iterblocks` order.
    blocks: Vec<BlockId>,
    u: Unifier<'t>,
    /// Nodes of `Infer` constants, by occurrence id.
    infer_nodes: HashMap<u32, Node>,
    /// The place of the operation being typed, under which method
    /// resolution records its rewrite.
    at: OpId,
    /// The position of the operation being typed, for an error.
    pos: Option<Pos>,
    /// The method calls resolved into other operations, by place. The graph
    /// stays as it was built while the fixpoint reads it: the fixpoint reads
    /// these in place of its operations, which they replace once it is over.
    rewrites: BTreeMap<OpId, SpaceOperation>,
    /// Whether the coercions still waiting for their result's type were
    /// given up on (`coercion`).
    coercions_settled: bool,
    /// The operations typed so far: a method call among them is resolved
    /// for good (`inout` waits for that).
    typed: std::collections::HashSet<OpId>,
}

/// Infers the type of every variable of `g` and rewrites its `Infer`
/// constants to `Known` ones.
pub fn typeck_graph(t: &Translator, g: &mut FunctionGraph) -> Result<GraphTypes, Diagnostic> {
    let mut inference = Inference::new(t, g);
    let inferred = inference.infer(g);
    // Even when inference fails: the driver dumps the graphs it rejected,
    // with the method calls resolved so far, to see why.
    inference.apply_rewrites(g);
    inferred?;
    inference.write_back(g)
}

impl<'t> Inference<'t> {
    /// A node for each variable of `g`, nothing known of them yet.
    fn new(t: &'t Translator, g: &FunctionGraph) -> Self {
        let mut u = Unifier { parent: Vec::new(), term: Vec::new(), t };
        for _ in 0..g.vars.len() {
            u.fresh(Term::Unknown);
        }
        Inference {
            t,
            graph: g.name.clone(),
            blocks: g.iterblocks(),
            u,
            infer_nodes: HashMap::new(),
            at: (0, 0),
            pos: None,
            rewrites: BTreeMap::new(),
            coercions_settled: false,
            typed: Default::default(),
        }
    }

    /// An error at the operation being typed.
    fn err(&self, message: String) -> Diagnostic {
        Diagnostic::annotation(&self.graph, self.pos, message)
    }

    /// `Unifier::unify`, failing at the operation being typed.
    fn unify(&mut self, a: Node, b: Node) -> Result<(), Diagnostic> {
        self.u.unify(a, b).map_err(|m| self.err(m))
    }

    /// The node of an operand: a variable's own, one for all uses of an
    /// `Infer` constant (an integer, or a `None` of some `Option`), a new one
    /// at each use of another constant.
    fn node_of(&mut self, v: &Value) -> Node {
        match v {
            Value::Var(v) => v.index(),
            Value::Const(c) => match &c.ty {
                ConstTy::Known(t) => self.u.node_of_ty(t),
                ConstTy::Infer(id) => {
                    let u = &mut self.u;
                    *self.infer_nodes.entry(*id).or_insert_with(|| {
                        let term = match c.value {
                            ConstValue::None => Term::Option(u.fresh(Term::Unknown)),
                            _ => Term::IntVar,
                        };
                        u.fresh(term)
                    })
                }
                ConstTy::Meta => self.u.fresh(Term::Unknown),
            },
        }
    }
}

/// The operand naming the function `f` of a call.
fn func_operand(f: GraphId) -> Value {
    Value::Const(Constant::meta(ConstValue::Func(f)))
}

/// The operand naming the generic function or the method `name` of a call.
fn name_operand(name: String) -> Value {
    Value::Const(Constant::meta(ConstValue::Str(name)))
}
