-- library functions used as first-class values
local fns = {string.upper, string.lower, string.reverse, string.len}
for _, f in ipairs(fns) do io.write(tostring(f("LuA")), " ") end
print()
local apply = function(f, ...) return f(...) end
print(apply(math.max, 4, 8, 2), apply(string.rep, "-", 5), apply(tostring, 1.5))
local m = {floor = math.floor, ceil = math.ceil}
local names = {}
for k in pairs(m) do names[#names + 1] = k end
table.sort(names)
for _, k in ipairs(names) do print(k, m[k](2.5)) end
local compose = function(...)
  local fs = {...}
  return function(x) for i = #fs, 1, -1 do x = fs[i](x) end return x end
end
print(compose(string.upper, string.reverse)("abc"))
print(compose(tostring, math.floor, math.sqrt)(50))
print(select("#", string.byte("abc", 1, -1)), string.char(string.byte("xyz", 1, -1)))
local pr = print
pr("print through a local")
