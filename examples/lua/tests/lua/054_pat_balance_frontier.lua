-- %b and %f patterns
print(("f(a(b)c) g(d)"):match("%b()"))
print(("f(a(b)c) g(d)"):gsub("%b()", "[]"))
print(("{ {1} {2, {3}} }"):match("%b{}"))
print(("if x then y end"):match("%bie"))
print(("(unbalanced"):match("%b()"))
print(("THE (quick) fox"):find("%f[%a]%a+"))
local words = {}
for w in ("THE (quick) fox-jumps"):gmatch("%f[%a]%a+") do words[#words + 1] = w end
print(table.concat(words, ","))
print(("hello the other them"):gsub("%f[%w]the%f[%W]", "THE"))
print(("aaa bbb"):find("%f[%s]"))
print(("123abc456"):gsub("%f[%d]%d+", "#"))
print(("x"):find("%f[%z]"), ("ab"):find("%f[^%a]"))
print(("<<a>>"):match("%b<>"))
print(("\"q1\" and \"q2\""):gsub('%b""', "Q"))
