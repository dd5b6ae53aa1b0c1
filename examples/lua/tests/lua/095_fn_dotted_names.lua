-- function a.b.c() and nested name definitions
local a = {b = {c = {}}}
function a.b.c.f(x) return "f" .. x end
function a.b.c:g(x) return self == a.b.c, x end
function a.b.h() return "h" end
print(a.b.c.f(1), a.b.c:g(2))
print(a.b.h())
M = {}
function M.util() return "global module util" end
print(M.util())
M.sub = {}
function M.sub.deep(n) return n * n end
print(M.sub.deep(9))
local ns = {}
ns.math = {}
function ns.math.add(x, y) return x + y end
function ns.math.mul(x, y) return x * y end
print(ns.math.add(2, 3), ns.math.mul(2, 3))
local name = "dyn"
ns[name] = function() return "dynamic" end
print(ns.dyn())
function globalFn(x) return x + 1 end
print(globalFn(1), type(_G.globalFn))
local function localFn() return "local" end
print(localFn(), _G.localFn)
