-- the string table and its functions
local names = {}
for k, v in pairs(string) do if type(v) == "function" then names[#names + 1] = k end end
table.sort(names)
local want = {"byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse", "sub", "upper"}
local have = {}
for _, n in ipairs(names) do have[n] = true end
local missing = {}
for _, n in ipairs(want) do if not have[n] then missing[#missing + 1] = n end end
print("missing:", #missing)
print(string.len("abc"), ("abc"):len(), #"abc")
print(string.upper("x") == ("x"):upper())
local s = "methods"
print(type(s.len), s.len == string.len)
print(("x").rep("ab", 2))
local tbl = {"a", "b"}
print(table.concat(tbl), type(table.insert), type(table.unpack), type(table.pack))
print(type(math), type(string.format), type(os), type(io.write), type(package))
