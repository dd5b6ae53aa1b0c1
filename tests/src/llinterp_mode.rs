//! The LLInterpreter way of running a program: translate its source with
//! rpy-core (as the macro does) and interpret the low-level graphs.

use rpy_core::llinterp::{interpret, ll_debug_text, LlValue};
use rpy_core::lltype::LlType;
use rpy_core::ty::Ty;
use std::io::Write;
use syn::{Expr, Lit, UnOp};

/// The value of a call argument written as a literal, for a parameter of
/// low-level type `ty`.
fn arg_value(e: &Expr, ty: &LlType) -> LlValue {
    match (e, ty) {
        (Expr::Unary(u), _) if matches!(u.op, UnOp::Neg(_)) => match arg_value(&u.expr, ty) {
            LlValue::Int(v) => LlValue::Int(-v),
            LlValue::Float(v) => LlValue::Float(-v),
            other => panic!("cannot negate {other:?}"),
        },
        (Expr::Paren(p), _) => arg_value(&p.expr, ty),
        (Expr::Tuple(t), LlType::Struct(fields)) => {
            LlValue::Struct(t.elems.iter().zip(fields).map(|(e, f)| arg_value(e, f)).collect())
        }
        (Expr::Lit(l), _) => match (&l.lit, ty) {
            (Lit::Int(i), LlType::Float) => LlValue::Float(i.base10_parse().unwrap()),
            (Lit::Int(i), _) => LlValue::Int(i.base10_parse().unwrap()),
            (Lit::Float(f), _) => LlValue::Float(f.base10_parse().unwrap()),
            (Lit::Bool(b), _) => LlValue::Bool(b.value),
            (Lit::Char(c), _) => LlValue::Int(c.value() as i128),
            (other, _) => panic!("unsupported call argument {other:?}"),
        },
        _ => panic!("unsupported call argument"),
    }
}

/// `{:?}` of a result of Rust type `ty`: strings are lists of their bytes.
fn debug_text(v: &LlValue, ll: &LlType, ty: &Ty) -> String {
    match (ty, ll, v) {
        (Ty::Str, _, LlValue::Ptr(Some(list))) => {
            let list = list.borrow();
            let len = list.fields[0].as_int().unwrap() as usize;
            let items = list.fields[1].as_ptr().unwrap().unwrap().borrow();
            let bytes: Vec<u8> = items.items[..len].iter().map(|b| b.as_int().unwrap() as u8).collect();
            format!("{:?}", String::from_utf8(bytes).expect("strings hold UTF-8"))
        }
        (Ty::Tuple(tys), LlType::Struct(lls), LlValue::Struct(vs)) => {
            let items: Vec<String> = vs.iter().zip(lls).zip(tys).map(|((v, l), t)| debug_text(v, l, t)).collect();
            if items.len() == 1 {
                format!("({},)", items[0])
            } else {
                format!("({})", items.join(", "))
            }
        }
        _ => ll_debug_text(v, ll),
    }
}

pub fn run(path: &str) {
    let src = std::fs::read_to_string(path).expect("generated program source");
    let file: syn::File = syn::parse_str(&src).expect("program parses");
    let syn::Item::Mod(module) = &file.items[0] else { panic!("expected the program module") };
    let items = &module.content.as_ref().unwrap().1;
    let mut timings = rpy_core::driver::Timings::default();
    // As the untranslated copy in this binary was built.
    let options =
        rpy_core::driver::Options { overflow_checks: cfg!(debug_assertions), debug_assertions: cfg!(debug_assertions) };
    let t = rpy_core::driver::translate_items(items, path, &module.ident.to_string(), options, &mut timings)
        .unwrap_or_else(|e| {
            panic!("translation failed: {}", e.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))
        })
        .program;
    for line in src.lines() {
        let Some(call) = line.trim_start_matches(|c| c != '/').strip_prefix("// call: ") else { continue };
        let Expr::Call(c) = syn::parse_str::<Expr>(call).expect("call parses") else { panic!("not a call: {call}") };
        let Expr::Path(p) = &*c.func else { panic!("not a call: {call}") };
        let name = p.path.get_ident().unwrap().to_string();
        let g = t.graph_by_name(&name).unwrap_or_else(|| panic!("no function {name}"));
        let graph = &t.graphs[g];
        let param_types: Vec<LlType> = graph.blocks[graph.startblock]
            .inputargs
            .iter()
            .map(|v| graph.vars[*v].concretetype.clone().unwrap())
            .collect();
        let args = c.args.iter().zip(&param_types).map(|(a, ty)| arg_value(a, ty)).collect();
        let ret_ty = graph.vars[graph.blocks[graph.returnblock].inputargs[0]].concretetype.clone().unwrap();
        match interpret(&t, g, args) {
            Ok(v) => println!("{}", debug_text(&v, &ret_ty, &graph.ret_ty)),
            Err(panic) => {
                let _ = std::io::stdout().flush();
                eprint!("{}", panic.stderr_text());
                std::process::exit(101);
            }
        }
    }
}
