-- ipairs stops at the first nil
local t = {1, 2, nil, 4}
local n = 0
for i, v in ipairs(t) do n = n + 1 end
print(n)
for i, v in ipairs({"a", "b", "c"}) do io.write(i, v, " ") end
print()
local u = {[1] = "x", [2] = "y", [4] = "w"}
for i, v in ipairs(u) do io.write(i, v, " ") end
print()
for i, v in ipairs({}) do print("never") end
local z = {[0] = "zero", "one"}
for i, v in ipairs(z) do io.write(i, v, " ") end
print()
local f, s, init = ipairs({})
print(type(f), type(s), init)
print(f({"a"}, 0))
print(f({"a"}, 1))
local bool = {true, false, true}
local c = 0
for _, v in ipairs(bool) do c = c + 1 end
print(c)
local h = {10, 20, 30, x = "ignored"}
local s2 = 0
for _, v in ipairs(h) do s2 = s2 + v end
print(s2)
