-- coercion corner cases between strings and numbers
print("10" + 0 == 10, "10" == 10, 10 .. "" == "10")
print(math.type("10" + 0), math.type("10" * 1.0), math.type("0x10" + 0))
print("1e1" + 0, " 0x1P4 " + 0, "\t5\n" + 0)
print(pcall(function() return "5x" + 0 end) == false)
print(pcall(function() return "" + 0 end) == false)
print("2" * "3", "2" ^ "3", "9" // "2", "9" % "2", "-3" + 0)
print(-"2", -"2.5", -"0x10")
print(("10"):len(), #tostring(10.0))
print("abc" < "abd", pcall(function() return "10" < 9 end) == false)
local t = {}
t["1"] = "str"; t[1] = "int"
print(t["1"], t[1], t[tonumber("1")])
print(10 == "10" + 0, 1 .. 1 + 1)
print(string.rep("1", 3) + 1, ("0x" .. "ff") + 1)
