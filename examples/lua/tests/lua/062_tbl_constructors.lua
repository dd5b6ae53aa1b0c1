-- table constructors
local t = {1, 2, 3, x = "a", ["y z"] = "b", [10] = "ten", 4;}
print(t[1], t[4], t.x, t["y z"], t[10])
local u = {[1] = "a", [2] = "b", [3] = "c"}
print(u[1], u[2], #u)
local v = {"p", "q", [3] = "r"}
print(v[1], v[2], v[3], #v)
local w = {
  name = "w",
  nested = {inner = {deep = 42}},
  list = {10, 20, 30,},
}
print(w.name, w.nested.inner.deep, w.list[3], #w.list)
local e = {}
print(#e, next(e))
local function three() return 1, 2, 3 end
local m = {three(), three()}
print(#m, m[1], m[2], m[4])
local p = {three(), 10}
print(#p, p[1], p[2])
local q = {(three())}
print(#q)
local k = "dyn"
local d = {[k .. "1"] = 1, [k .. "2"] = 2, [1 + 1] = "two"}
print(d.dyn1, d.dyn2, d[2])
local semi = {1; 2; 3}
print(#semi, semi[3])
local neg = {[-1] = "minus", [0] = "zero"}
print(neg[-1], neg[0], #neg)
