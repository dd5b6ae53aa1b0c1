-- runtime errors caught by pcall (status only)
local cases = {
  {"arith on nil", function() local x; return x + 1 end},
  {"arith on table", function() return {} * 2 end},
  {"arith on bad string", function() return "abc" + 1 end},
  {"call nil", function() local f; f() end},
  {"call number", function() local n = 5; n() end},
  {"index nil", function() local t; return t.x end},
  {"index number", function() local n = 1; return n.x end},
  {"newindex nil", function() local t; t.x = 1 end},
  {"compare num/nil", function() return 1 < nil end},
  {"compare tables", function() return {} < {} end},
  {"concat table", function() return "a" .. {} end},
  {"concat nil", function() return nil .. "a" end},
  {"int div by zero", function() return 1 // 0 end},
  {"int mod by zero", function() return 1 % 0 end},
  {"float no int rep", function() return 1.5 & 1 end},
  {"length of number", function() return #5 end},
  {"unary minus table", function() return -{} end},
  {"ok float div", function() return 1 / 0 end},
  {"ok string arith", function() return "1" + "2" end},
}
for _, c in ipairs(cases) do
  local ok = pcall(c[2])
  print(string.format("%-20s %s", c[1], ok and "ok" or "error"))
end
