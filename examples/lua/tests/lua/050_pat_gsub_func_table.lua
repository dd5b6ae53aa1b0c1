-- string.gsub with function and table replacements
local vars = {name = "Lua", version = "5.4"}
print(("$name $version $missing"):gsub("%$(%w+)", vars))
print(("1 2 3"):gsub("%d", function(d) return d * 2 end))
print(("1 2 3"):gsub("%d", function(d) if d == "2" then return nil end return "x" end))
print(("abc"):gsub("%w", function(c) return false end))
print(("hello world"):gsub("%w+", function(w) return w:sub(1, 1):upper() .. w:sub(2) end))
print(("a=1,b=2"):gsub("(%w)=(%w)", function(k, v) return v .. "=" .. k end))
local tbl = {a = 1, b = true}
print(pcall(string.gsub, "ab", "%w", tbl) == false)
print(("x y z"):gsub("%w", {x = 10, y = 2.5}))
local calls = 0
local r = ("aaa"):gsub("a", function() calls = calls + 1; return "b" .. calls end, 2)
print(r, calls)
print(("abc"):gsub("()", function(p) return p end))
print(("f(1) g(22)"):gsub("(%a)%((%d+)%)", function(f, n) return f .. "[" .. n + 1 .. "]" end))
