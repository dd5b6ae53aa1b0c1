-- quantifiers * + - ?
local s = "<a><bb><ccc>"
print(s:match("<.*>"), s:match("<.->"))
print(s:match("<(%a+)>"), s:match("<(b*)>"))
print(("aaa"):match("a*"), ("aaa"):match("a-"), ("aaa"):match("a-$"))
print(("baaa"):match("ba+"), ("b"):match("ba+"), ("b"):match("ba*"))
print(("color colour"):gsub("colou?r", "C"))
print(("ab"):match("a?b"), ("b"):match("a?b"), ("aab"):match("^a?b"))
print(("x = 12"):match("x%s*=%s*(%-?%d+)"), ("x=-5"):match("x%s*=%s*(%-?%d+)"))
local function items(str)
  local r = {}
  for item in str:gmatch("%[(.-)%]") do r[#r + 1] = item end
  return table.concat(r, ",")
end
print(items("[a][bc][][d e]"))
print(("aaa"):gsub("a*", "X"), ("aaa"):gsub("a-", "X"))
print(("123abc"):match("^%d+"), ("abc123"):match("^%d+"))
print(("  x"):match("^ *()"))
print(("/usr/local/bin"):match("^(.*)/([^/]*)$"))
print(("file.tar.gz"):match("^(.-)%.(.*)$"))
print(("file.tar.gz"):match("^(.*)%.(.-)$"))
