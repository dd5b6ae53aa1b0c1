-- print with several arguments and type()
print(1, "two", 3.0, nil, true, false)
print()
print("")
print(nil)
print(nil, nil)
print("a\tb", "c")
print(type(nil), type(true), type(1), type(1.5), type("s"))
print(type({}), type(print), type(function() end), type(coroutine.create(print)))
print(type(io.stdout), type(type))
print(pcall(type) == false)
print(type(type(nil)))
local vals = {1, "x", {}, print, true}
local names = {}
for i, v in ipairs(vals) do names[i] = type(v) end
print(table.concat(names, ","))
print(-0.0, 0.0, -0)
print(1e15, 123456789, -1e-3)
