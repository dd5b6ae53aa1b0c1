-- string.gmatch loops
for w in ("one two  three"):gmatch("%a+") do io.write("<", w, ">") end
print()
for k, v in ("a=1, b=2, c=3"):gmatch("(%w+)=(%w+)") do io.write(k, "->", v, " ") end
print()
local n = 0
for d in ("a1b22c333"):gmatch("%d+") do n = n + tonumber(d) end
print(n)
for pos, c in ("hello"):gmatch("()(l)") do io.write(pos, c, " ") end
print()
local count = 0
for _ in ("aaaa"):gmatch("aa") do count = count + 1 end
print(count)
local empties = 0
for _ in ("abc"):gmatch("x*") do empties = empties + 1 end
print(empties)
local t = {}
for line in ("l1\nl2\n\nl4"):gmatch("([^\n]*)\n?") do t[#t + 1] = "[" .. line .. "]" end
print(table.concat(t))
local csv = {}
for field in ("x,y,,z"):gmatch("([^,]*)") do csv[#csv + 1] = field end
print(#csv, table.concat(csv, "|"))
local it = ("k1 k2"):gmatch("%w+")
print(it(), it(), it())
