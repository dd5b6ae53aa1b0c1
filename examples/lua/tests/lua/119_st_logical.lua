-- logical operators and short-circuit evaluation
local calls = {}
local function f(name, v) calls[#calls + 1] = name; return v end
local r = f("a", false) and f("b", true)
print(r, table.concat(calls, ","))
calls = {}
r = f("a", true) or f("b", true)
print(r, table.concat(calls, ","))
calls = {}
r = f("a", nil) or f("b", false) or f("c", "last")
print(r, table.concat(calls, ","))
calls = {}
r = f("a", 1) and f("b", 2) and f("c", 3)
print(r, table.concat(calls, ","))
print(nil or false, false or nil, false and nil, nil and false)
print(0 and "zero is true", "" and "empty is true")
print(not 0, not not nil)
local t = nil
print(t and t.x, (t or {}).x)
local config = {verbose = false}
local verbose = config.verbose ~= nil and config.verbose or true
print(verbose)
local function max(a, b) return a > b and a or b end
print(max(3, 7), max(7, 3))
print(true and false or "fallback")
local x = 5
print(x > 3 and x < 10, x > 3 and x > 10)
